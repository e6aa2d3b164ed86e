import { fileURLToPath } from 'node:url';

export interface ReadmeFile {
  /** The file's path in the repository. */
  name: string;
  path: string;
  /** Blocks the file must hold; the file is checked for every other known block it holds too. */
  required: string[];
}

/** The READMEs that hold tables generated from the registry profiles. */
export const README_FILES: readonly ReadmeFile[] = [
  {
    name: 'adapters/sdmx/README.md',
    path: fileURLToPath(new URL('../../README.md', import.meta.url)),
    required: ['sdmx-registry-profiles'],
  },
  {
    name: 'README.md',
    path: fileURLToPath(new URL('../../../../README.md', import.meta.url)),
    required: ['sdmx-registry-names'],
  },
];
