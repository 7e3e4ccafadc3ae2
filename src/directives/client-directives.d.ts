// Lets `client:interaction` type-check on components in .astro files.
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:interaction'?: boolean;
    }
  }
}

export {};
