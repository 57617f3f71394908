/** One admin route of the role matrix: its function, method, least role, success status and a fresh target per call. */
import type { Role } from '../../../src/db/schema.ts';
import type { FunctionModule } from '../staff-harness.ts';

export interface Route {
  fn: FunctionModule;
  method: string;
  /** The least role that may call it; null: any signed-in user. */
  needs: Role | null;
  success: number;
  /** A fresh target for each call (a delete must find something to delete). */
  prepare: () => Promise<{ path: string; body?: unknown }>;
}
