// Builds the integrations marquee's SVG sprite from the simple-icons package at build time:
// only the marks listed in src/content/integration-icons.ts, self-hosted, no CDN.
import * as simpleIcons from 'simple-icons';
import type { Plugin } from 'vite';
import { INTEGRATION_ICON_SLUGS, INTEGRATION_SPRITE_PATH } from '../src/content/integration-icons.ts';

interface SimpleIcon {
  slug: string;
  path: string;
}

/** simple-icons exports each icon as `si` + its slug with the first letter upper-cased. */
function iconFor(slug: string): SimpleIcon {
  const name = `si${slug[0]!.toUpperCase()}${slug.slice(1)}`;
  const icon = (simpleIcons as unknown as Record<string, SimpleIcon | undefined>)[name];
  if (!icon || icon.slug !== slug) {
    throw new Error(
      `simple-icons has no icon "${slug}" (export ${name}): fix the slug in src/content/integration-icons.ts or drop it there (the name then shows a monogram).`,
    );
  }
  return icon;
}

/** One <symbol id="{slug}"> per mark, drawn in currentColor (the tile sets the colour). */
export function integrationSprite(slugs = Object.values(INTEGRATION_ICON_SLUGS)): string {
  const symbols = slugs.map((slug) => {
    const { path } = iconFor(slug);
    return `<symbol id="${slug}" viewBox="0 0 24 24"><path fill="currentColor" d="${path}"/></symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/** Serves the sprite in dev and writes it into the client build. */
export function integrationSpritePlugin(): Plugin {
  const fileName = INTEGRATION_SPRITE_PATH.slice(1);
  return {
    name: 'voxdesk:integration-sprite',
    configureServer(server) {
      server.middlewares.use(INTEGRATION_SPRITE_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(integrationSprite());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: integrationSprite() });
    },
  };
}
