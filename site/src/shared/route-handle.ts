/** What a route module may export as `handle`: the document title and description. */
export interface RouteHandle {
  title: string;
  description?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}
