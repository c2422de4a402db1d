/**
 * Adopt-by-name: Vapi has no idempotency key, so a create that timed out after the server
 * committed it, or a run killed mid-create, leaves a resource nobody tracks, and creating
 * it again makes a duplicate. Before creating, look for an untracked resource of the same
 * name: adopt it when it already holds what would be created, stop when it differs (the
 * caller asks what to do), create only when there is none.
 */

export interface AdoptByNameOptions<T extends { id: string }> {
  /** The resources of that kind, e.g. `vapi.tools.iterate()` or a list already read. */
  existing: AsyncIterable<T> | Iterable<T>;
  /** The name the new resource will have. */
  name: string;
  /** A resource's name (a tool's is `function.name`); undefined when it has none. */
  nameOf: (resource: T) => string | undefined;
  /** Ids the caller already owns: never adopted (default: none). */
  isTracked?: (id: string) => boolean;
  /** Whether an existing resource already holds what `create` would make. */
  matches: (resource: T) => boolean;
  /** Makes the resource when nothing of that name is there. */
  create: () => Promise<T>;
}

/** What `adoptByName` did: adopted an existing resource, created one, or found same-named ones that differ. */
export type AdoptOutcome<T> =
  | { action: 'adopted'; resource: T }
  | { action: 'created'; resource: T }
  /** Untracked resources of that name exist but none matches: nothing was created. */
  | { action: 'differs'; candidates: T[] };

/** Untracked resources named `name`, in the order `existing` yields them. */
export async function findUntrackedByName<T extends { id: string }>(
  options: Pick<AdoptByNameOptions<T>, 'existing' | 'name' | 'nameOf' | 'isTracked'>,
): Promise<T[]> {
  const { existing, name, nameOf, isTracked = () => false } = options;
  const found: T[] = [];
  for await (const resource of existing) {
    if (!isTracked(resource.id) && nameOf(resource) === name) found.push(resource);
  }
  return found;
}

/** Adopts the untracked resource of the same name that matches, or creates one when none has the name. */
export async function adoptByName<T extends { id: string }>(
  options: AdoptByNameOptions<T>,
): Promise<AdoptOutcome<T>> {
  const candidates = await findUntrackedByName(options);
  const match = candidates.find((resource) => options.matches(resource));
  if (match) return { action: 'adopted', resource: match };
  if (candidates.length) return { action: 'differs', candidates };
  return { action: 'created', resource: await options.create() };
}
