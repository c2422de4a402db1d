import { useEffect } from 'react';

/** Keeps `<html lang>` on the page's language while mounted; restores the previous value after. */
export function useDocumentLang(tag: string) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = tag;
    return () => {
      root.lang = previous;
    };
  }, [tag]);
}
