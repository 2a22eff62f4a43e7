/**
 * The explicit lines of the screening protocol (its Table 6): `Gender: Female | Male`,
 * `Ethnicity: White | Black or African American | Asian | Hispanic or Latino`,
 * `Origin: North America | Europe | Africa | Middle East | Asia`. Each attribute's groups are the
 * groups made; other attributes take their labels from labelOf (explicitLine.ts).
 */
import type { AttributeLabels } from './explicitLine.ts';

export const PROTOCOL_LABELS: Readonly<Record<string, AttributeLabels>> = Object.freeze({
  gender: Object.freeze({ label: 'Gender', groups: Object.freeze({ female: 'Female', male: 'Male' }) }),
  ethnicity: Object.freeze({
    label: 'Ethnicity',
    groups: Object.freeze({ white: 'White', black: 'Black or African American', asian: 'Asian', hispanic: 'Hispanic or Latino' }),
  }),
  origin: Object.freeze({
    label: 'Origin',
    groups: Object.freeze({ 'north-america': 'North America', europe: 'Europe', africa: 'Africa', 'middle-east': 'Middle East', asia: 'Asia' }),
  }),
});
