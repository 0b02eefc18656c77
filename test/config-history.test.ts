// The calculation history settings: their documented defaults, 0 days (recording off), and bad values refused naming
// the variable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('calculation history settings', () => {
  it('defaults to 90 days and records of at most 8 MiB', () => {
    assert.deepEqual(loadConfig({}).history, { retentionDays: 90, maxRecordBytes: 8_388_608 });
  });
  it('reads both variables; 0 days turns recording off', () => {
    assert.deepEqual(loadConfig({ HISTORY_RETENTION_DAYS: '0', HISTORY_MAX_RECORD_BYTES: '1024' }).history, {
      retentionDays: 0,
      maxRecordBytes: 1024,
    });
    assert.equal(loadConfig({ HISTORY_RETENTION_DAYS: '365' }).history.retentionDays, 365);
  });
  it('refuses what is not a whole number in range, naming the variable', () => {
    for (const [name, value] of [
      ['HISTORY_RETENTION_DAYS', '-1'],
      ['HISTORY_RETENTION_DAYS', 'ninety'],
      ['HISTORY_RETENTION_DAYS', '1.5'],
      ['HISTORY_MAX_RECORD_BYTES', '1023'],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) => e instanceof ConfigError && e.message.includes(name),
        `${name}=${value}`,
      );
    }
  });
});
