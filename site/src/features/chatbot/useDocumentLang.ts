import { useEffect } from 'react';

/**
 * Keeps `<html lang>` and the document title on the page's language while mounted, and puts
 * back what was there before.
 */
export function useDocumentLang(tag: string, title: string) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = { lang: root.lang, title: document.title };
    root.lang = tag;
    document.title = title;
    return () => {
      root.lang = previous.lang;
      document.title = previous.title;
    };
  }, [tag, title]);
}
