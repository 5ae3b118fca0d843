/** Bumped whenever scripts/build-catalogue.ts changes the catalogue's tables; checked at open. */
export const CATALOGUE_SCHEMA_VERSION = 2;
