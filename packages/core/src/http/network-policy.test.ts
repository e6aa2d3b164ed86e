import { describe, expect, it } from 'vitest';
import { checkUrl, compilePolicy } from './network-policy.js';

const open = compilePolicy({ trustedHosts: ['127.0.0.1:8080', 'Fixture.Test:9000'] });

function refusal(url: string, policy = open): unknown {
  try {
    checkUrl(url, policy);
  } catch (error) {
    return error;
  }
  return null;
}

describe('checkUrl', () => {
  it.each([
    ['https://2130706433/', 'decimal IPv4'],
    ['https://0177.0.0.1/', 'octal IPv4'],
    ['https://0x7f000001/', 'hex IPv4'],
    ['https://0x7f.0.0.1/', 'hex octet'],
    ['https://127.1/', 'short IPv4'],
    ['https://10.0.0.1/', 'private IPv4'],
    ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['https://[::1]/', 'IPv6 loopback'],
    ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped IPv6'],
    ['https://[::ffff:7f00:1]/', 'IPv4-mapped IPv6, hex form'],
    ['https://[0:0:0:0:0:0:0:1]/', 'IPv6 loopback, long form'],
    ['https://[64:ff9b::7f00:1]/', 'NAT64'],
    ['https://[fd00::1]/', 'unique-local'],
  ])('refuses a literal address: %s (%s)', (url) => {
    expect(refusal(url)).toMatchObject({ code: 'unsafe_url' });
  });

  it('refuses plain http', () => {
    expect(refusal('http://portal.example.org/')).toMatchObject({ code: 'unsafe_url' });
  });

  it('refuses a non-default port', () => {
    expect(refusal('https://portal.example.org:8443/')).toMatchObject({ code: 'unsafe_url' });
  });

  it('refuses other schemes, credentials and unparsable URLs', () => {
    expect(refusal('file:///etc/passwd')).toMatchObject({ code: 'unsafe_url' });
    expect(refusal('ftp://portal.example.org/')).toMatchObject({ code: 'unsafe_url' });
    expect(refusal('https://user:secret@portal.example.org/')).toMatchObject({ code: 'unsafe_url' });
    expect(refusal('not a url')).toMatchObject({ code: 'unsafe_url' });
  });

  it('allows http and any port only on a trusted host:port, matched exactly', () => {
    expect(checkUrl('http://127.0.0.1:8080/x', open).href).toBe('http://127.0.0.1:8080/x');
    expect(checkUrl('http://fixture.test:9000/', open).hostname).toBe('fixture.test');
    expect(refusal('http://127.0.0.1:8081/')).toMatchObject({ code: 'unsafe_url' });
    expect(refusal('https://127.0.0.1/')).toMatchObject({ code: 'unsafe_url' });
  });

  it('applies the host allow-list by exact name, with no suffix matching', () => {
    const policy = compilePolicy({ allowedHosts: ['data.example.org'] });
    expect(checkUrl('https://DATA.example.org/a', policy).hostname).toBe('data.example.org');
    expect(refusal('https://evil-data.example.org/', policy)).toMatchObject({ code: 'unsafe_url' });
    expect(refusal('https://data.example.org.evil.net/', policy)).toMatchObject({ code: 'unsafe_url' });
    expect(refusal('https://example.org/', policy)).toMatchObject({ code: 'unsafe_url' });
  });

  it('holds a trusted host to the allow-list when one is set', () => {
    const policy = compilePolicy({ trustedHosts: ['127.0.0.1:8080'], allowedHosts: ['data.example.org'] });
    expect(refusal('http://127.0.0.1:8080/x', policy)).toMatchObject({
      code: 'unsafe_url',
      message: expect.stringContaining('allow-list'),
    });
    const both = compilePolicy({ trustedHosts: ['127.0.0.1:8080'], allowedHosts: ['127.0.0.1'] });
    expect(checkUrl('http://127.0.0.1:8080/x', both).href).toBe('http://127.0.0.1:8080/x');
  });

  it('accepts a public https URL on the default port', () => {
    expect(checkUrl('https://portal.example.org:443/api?q=1', open).href).toBe(
      'https://portal.example.org/api?q=1',
    );
  });
});
