// @vitest-environment node
import { siGithub, siZoho } from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { integrations } from '../src/content/home.ts';
import { INTEGRATION_ICON_SLUGS } from '../src/content/integration-icons.ts';
import { integrationSprite } from '../scripts/integration-sprite.ts';

describe('integration sprite', () => {
  it('holds one symbol per mapped integration and nothing else', () => {
    const sprite = integrationSprite();
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(Object.values(INTEGRATION_ICON_SLUGS));
    expect(sprite).toContain(
      `<symbol id="github" viewBox="0 0 24 24"><path fill="currentColor" d="${siGithub.path}"/>`,
    );
    expect(sprite).toContain(siZoho.path);
  });

  it('maps only names the marquee shows', () => {
    expect(integrations.names).toEqual(expect.arrayContaining(Object.keys(INTEGRATION_ICON_SLUGS)));
  });

  it('names the slug and the file to fix when simple-icons lacks an icon', () => {
    expect(() => integrationSprite(['github', 'slack'])).toThrow(
      /simple-icons has no icon "slack".*src\/content\/integration-icons\.ts/,
    );
  });
});
