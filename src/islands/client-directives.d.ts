/** The site's own `client:` directive (src/islands/on-interaction.ts), for the type check of `.astro` files. */
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:interaction'?: boolean;
    }
  }
}

export {};
