/**
 * Licences and terms portals point at, by URI, with a readable name and what a re-user must do.
 * Data, not logic: add a row when a portal uses a URI not listed here. `uri` is compared without
 * scheme, "www.", trailing slash or "legalcode"; a row with `prefix` also covers URIs below it.
 */
export interface KnownLicence {
  uri: string;
  prefix?: true;
  id: string;
  name: string;
  terms: string;
  /** An act the publisher cites as the basis of publishing, not a licence: a citation does not call it one. */
  legalBasis?: true;
}

const ATTRIBUTION = 'Attribution: name the source (publisher and dataset) when you reuse the data.';
const SHARE_ALIKE = `${ATTRIBUTION} Share-alike: publish derived data under the same licence.`;
const LEGAL_BASIS = 'A legal basis, not a licence: no reuse terms are stated. Name the publisher.';
const NO_RESTRICTIONS = 'No restrictions: the data may be reused freely; naming the source is courteous.';

export const KNOWN_LICENCES: readonly KnownLicence[] = [
  {
    uri: 'creativecommons.org/licenses/by/4.0',
    id: 'CC-BY-4.0',
    name: 'Creative Commons Attribution 4.0',
    terms: ATTRIBUTION,
  },
  {
    uri: 'creativecommons.org/licenses/by/3.0',
    prefix: true,
    id: 'CC-BY-3.0',
    name: 'Creative Commons Attribution 3.0',
    terms: ATTRIBUTION,
  },
  {
    uri: 'creativecommons.org/licenses/by/2.0',
    prefix: true,
    id: 'CC-BY-2.0',
    name: 'Creative Commons Attribution 2.0',
    terms: ATTRIBUTION,
  },
  {
    uri: 'creativecommons.org/licenses/by-sa/4.0',
    id: 'CC-BY-SA-4.0',
    name: 'Creative Commons Attribution-ShareAlike 4.0',
    terms: SHARE_ALIKE,
  },
  {
    uri: 'creativecommons.org/licenses/by-nc/4.0',
    id: 'CC-BY-NC-4.0',
    name: 'Creative Commons Attribution-NonCommercial 4.0',
    terms: `${ATTRIBUTION} Non-commercial use only.`,
  },
  {
    uri: 'creativecommons.org/licenses/by-nd/4.0',
    id: 'CC-BY-ND-4.0',
    name: 'Creative Commons Attribution-NoDerivatives 4.0',
    terms: `${ATTRIBUTION} No modified versions may be shared.`,
  },
  {
    uri: 'creativecommons.org/publicdomain/zero/1.0',
    id: 'CC0-1.0',
    name: 'Creative Commons Zero 1.0 (public domain)',
    terms: NO_RESTRICTIONS,
  },
  {
    uri: 'opendefinition.org/licenses/cc-by',
    id: 'CC-BY',
    name: 'Creative Commons Attribution',
    terms: ATTRIBUTION,
  },
  {
    uri: 'opendefinition.org/licenses/cc-by-sa',
    id: 'CC-BY-SA',
    name: 'Creative Commons Attribution-ShareAlike',
    terms: SHARE_ALIKE,
  },
  {
    uri: 'opendefinition.org/licenses/cc-zero',
    id: 'CC0',
    name: 'Creative Commons Zero (public domain)',
    terms: NO_RESTRICTIONS,
  },
  {
    uri: 'opendefinition.org/licenses/odc-odbl',
    id: 'ODbL-1.0',
    name: 'Open Data Commons Open Database License',
    terms: SHARE_ALIKE,
  },
  {
    uri: 'opendatacommons.org/licenses/odbl',
    prefix: true,
    id: 'ODbL-1.0',
    name: 'Open Data Commons Open Database License',
    terms: SHARE_ALIKE,
  },
  {
    uri: 'opendatacommons.org/licenses/by',
    prefix: true,
    id: 'ODC-By-1.0',
    name: 'Open Data Commons Attribution License',
    terms: ATTRIBUTION,
  },
  {
    uri: 'opendatacommons.org/licenses/pddl',
    prefix: true,
    id: 'PDDL-1.0',
    name: 'Open Data Commons Public Domain Dedication',
    terms: NO_RESTRICTIONS,
  },
  {
    uri: 'nationalarchives.gov.uk/doc/open-government-licence/version/3',
    id: 'OGL-UK-3.0',
    name: 'Open Government Licence v3.0 (UK)',
    terms: ATTRIBUTION,
  },
  {
    uri: 'reference.data.gov.uk/id/open-government-licence',
    id: 'OGL-UK',
    name: 'Open Government Licence (UK)',
    terms: ATTRIBUTION,
  },
  {
    uri: 'opendata.swiss/terms-of-use#terms_open',
    id: 'terms_open',
    name: 'opendata.swiss: open use',
    terms: NO_RESTRICTIONS,
  },
  {
    uri: 'opendata.swiss/terms-of-use#terms_by',
    id: 'terms_by',
    name: 'opendata.swiss: open use, must provide the source',
    terms: ATTRIBUTION,
  },
  {
    uri: 'opendata.swiss/terms-of-use#terms_ask',
    id: 'terms_ask',
    name: 'opendata.swiss: open use, commercial use needs permission',
    terms: 'Free for non-commercial use; ask the publisher before commercial use.',
  },
  {
    uri: 'opendata.swiss/terms-of-use#terms_by_ask',
    id: 'terms_by_ask',
    name: 'opendata.swiss: must provide the source, commercial use needs permission',
    terms: `${ATTRIBUTION} Ask the publisher before commercial use.`,
  },
  {
    uri: 'ld.admin.ch/vocabulary/TermsOfUse/Provide-the-Source',
    id: 'terms_by',
    name: 'Swiss federal terms of use: open use, must provide the source',
    terms: ATTRIBUTION,
  },
  {
    uri: 'fedlex.data.admin.ch/eli/cc/1984/1122_1122_1122',
    id: 'SR-814.01',
    name: 'Swiss Environmental Protection Act (USG, SR 814.01), cited as legal basis',
    terms: LEGAL_BASIS,
    legalBasis: true,
  },
  {
    uri: 'fedlex.data.admin.ch/eli/',
    prefix: true,
    id: 'fedlex-act',
    name: 'Swiss federal act, cited as legal basis',
    terms: LEGAL_BASIS,
    legalBasis: true,
  },
];
