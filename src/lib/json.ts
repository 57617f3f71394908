/**
 * What a server value becomes once sent as JSON and parsed again: its dates are ISO strings. The portal reads
 * the API's replies as `Json<Reply>` of the reply types the services declare, so the two cannot drift apart.
 */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Json<Item>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;
