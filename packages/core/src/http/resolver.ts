import { lookup } from 'node:dns/promises';

/** Answers every address a host name resolves to; injectable so tests run offline. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};
