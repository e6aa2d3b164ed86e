/** Checks every tarball's file list; throws with the whole list of problems, else each package's file count. */
export function checkTarballFiles(
  tarballs: string[],
): Array<{ name: string; files: number; problems: string[] }>;
