// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { collectAssets, entryKey, routeExtras, type Manifest } from '../scripts/manifest-assets.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_Header.js': { file: 'assets/Header.js', imports: ['_react.js'], css: ['assets/Header.css'] },
  'src/features/home/route.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_Header.js', '_react.js'],
    dynamicImports: ['src/features/demo/route.tsx'],
    css: ['assets/home.css'],
  },
  'src/features/demo/route.tsx': { file: 'assets/demo.js', isDynamicEntry: true },
};

describe('manifest assets', () => {
  it('follows static imports transitively, once each, and not dynamic imports', () => {
    expect(collectAssets(manifest, 'src/features/home/route.tsx')).toEqual({
      js: ['assets/home.js', 'assets/Header.js', 'assets/react.js'],
      css: ['assets/home.css', 'assets/Header.css'],
    });
  });

  it('finds the single entry and lists only what a route adds to it', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(routeExtras(manifest, 'src/features/home/route.tsx')).toEqual({
      js: ['assets/home.js', 'assets/Header.js'],
      css: ['assets/home.css', 'assets/Header.css'],
    });
  });

  it("lists a deferred part's CSS (and its imports' CSS), never its JS", () => {
    const withPart: Manifest = {
      ...manifest,
      'src/features/home/route.tsx': {
        ...manifest['src/features/home/route.tsx']!,
        dynamicImports: ['src/features/home/BelowTheFold.deferred.tsx', 'src/features/demo/route.tsx'],
      },
      'src/features/home/BelowTheFold.deferred.tsx': {
        file: 'assets/BelowTheFold.js',
        isDynamicEntry: true,
        imports: ['_Section.js', '_Header.js'],
        css: ['assets/BelowTheFold.css'],
      },
      '_Section.js': { file: 'assets/Section.js', css: ['assets/Section.css'] },
      'src/features/demo/route.tsx': {
        file: 'assets/demo.js',
        isDynamicEntry: true,
        css: ['assets/demo.css'],
      },
    };
    expect(routeExtras(withPart, 'src/features/home/route.tsx')).toEqual({
      js: ['assets/home.js', 'assets/Header.js'],
      css: ['assets/home.css', 'assets/Header.css', 'assets/BelowTheFold.css', 'assets/Section.css'],
    });
  });

  it('names a missing chunk', () => {
    expect(() => collectAssets(manifest, 'src/nope.tsx')).toThrow(
      'Vite manifest has no chunk "src/nope.tsx"',
    );
  });
});
