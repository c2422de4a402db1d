// Placeholder until scripts/generate-types.ts writes the typed surface.
/* eslint-disable */
export type VapiResources = Record<string, any>;
