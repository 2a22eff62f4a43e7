import bloomberg from './names/bloomberg2024.json';
import bertrand from './names/bertrandMullainathan.json';
import origin from './names/regionsOfOrigin.json';
import type { NameList } from './nameList.ts';

/** Bloomberg (2024) full names by ethnicity (asian, black, hispanic, white) × gender; see names/PROVENANCE.md. */
export const BLOOMBERG_2024: NameList = bloomberg;
/** Bertrand & Mullainathan (2004) first names by ethnicity (black, white) × gender; see names/PROVENANCE.md. */
export const BERTRAND_MULLAINATHAN: NameList = bertrand;
/** Names by region of origin (north-america, europe, africa, middle-east, asia) × gender, written for Fairground; see names/PROVENANCE.md. */
export const REGIONS_OF_ORIGIN: NameList = origin;
/** The bundled lists, in the order generation consults them (the first that covers an attribute wins). */
export const BUNDLED_NAME_LISTS: readonly NameList[] = [BLOOMBERG_2024, BERTRAND_MULLAINATHAN, REGIONS_OF_ORIGIN];
