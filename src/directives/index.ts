/**
 * Registers the custom `client:interaction` directive (see `interaction.ts`).
 * Added to `integrations` in astro.config.mjs.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export default function clientInteraction(): AstroIntegration {
  return {
    name: 'client-interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
