import { OpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { refuseEmptyDownload, rowNotes } from './empty-resource.js';

const resource = { id: 'res-1', name: 'Counts', format: 'CSV' };

describe('refuseEmptyDownload', () => {
  it('refuses 0 bytes as unsupported_resource naming the resource, with a hint to pick another', () => {
    let thrown: unknown;
    try {
      refuseEmptyDownload(resource, 0);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OpenDataError);
    const error = thrown as OpenDataError;
    expect(error.code).toBe('unsupported_resource');
    expect(error.message).toContain('res-1');
    expect(error.hint).toMatch(/another resource/);
  });

  it('lets any file with content through, even one byte', () => {
    expect(() => refuseEmptyDownload(resource, 1)).not.toThrow();
  });
});

describe('rowNotes', () => {
  it('says nothing about a table with rows', () => {
    expect(rowNotes(1, 'download')).toEqual([]);
    expect(rowNotes(1, 'datastore_api')).toEqual([]);
  });

  it('says that a file has a header and no rows, or a DataStore table fields and no rows', () => {
    expect(rowNotes(0, 'download')).toEqual([expect.stringMatching(/^The file has a header and no rows/)]);
    expect(rowNotes(0, 'datastore_api')).toEqual([
      expect.stringMatching(/^The DataStore table has fields and no rows/),
    ]);
  });
});
