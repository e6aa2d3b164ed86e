/** The parts of CKAN's package and resource records the adapter reads; everything is optional in practice. */
export interface CkanResource {
  id: string;
  name?: unknown;
  description?: unknown;
  format?: string | null;
  url?: string | null;
  size?: number | string | null;
  mimetype?: string | null;
  datastore_active?: boolean | null;
  last_modified?: string | null;
  created?: string | null;
  metadata_modified?: string | null;
}

export interface CkanPackage {
  id: string;
  name: string;
  title?: unknown;
  notes?: unknown;
  url?: string | null;
  license_id?: string | null;
  license_title?: string | null;
  license_url?: string | null;
  metadata_created?: string | null;
  metadata_modified?: string | null;
  organization?: { name?: string; title?: unknown } | null;
  tags?: Array<{ name?: string; display_name?: string }>;
  resources?: CkanResource[];
  num_resources?: number;
}

export interface CkanOrganization {
  name: string;
  title?: unknown;
  display_name?: string;
  description?: unknown;
  package_count?: number;
}
