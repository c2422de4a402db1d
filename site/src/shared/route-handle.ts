/** What a route module may export as `handle`: the document title and description. */
export interface RouteHandle {
  title: string;
  description?: string;
  /** The page's language when not English (`<html lang>` of the prerendered page). */
  lang?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}
