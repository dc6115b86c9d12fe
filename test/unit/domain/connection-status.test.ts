import { describe, expect, it } from 'vitest';
import { connectionStatusFromChannels } from '../../../src/main/engine/domain/connection-status';
import type { ChannelStatus } from '../../../src/main/engine/domain/values';

describe('connectionStatusFromChannels (worst channel wins, RUNNING while any runs)', () => {
  const cases: Array<[ChannelStatus[], string]> = [
    [[], 'NONE'],
    [['EMPTY'], 'NONE'],
    [['NEVER'], 'NEVER'],
    [['NEVER', 'EMPTY'], 'NEVER'],
    [['SUCCESS'], 'SUCCESS'],
    [['SUCCESS', 'EMPTY'], 'SUCCESS'],
    [['SUCCESS', 'NEVER'], 'SUCCESS'],
    [['SUCCESS', 'PARTIAL_SUCCESS'], 'PARTIAL_SUCCESS'],
    [['PARTIAL_SUCCESS', 'FAILED'], 'FAILED'],
    [['SUCCESS', 'AUTH_FAILED'], 'AUTH_FAILED'],
    [['SUCCESS', 'TOKEN_EXPIRED'], 'TOKEN_EXPIRED'],
    [['RUNNING', 'FAILED'], 'RUNNING'],
    [['SUCCESS', 'RUNNING'], 'RUNNING'],
    [['SERVICE_UNAVAILABLE', 'AUTH_FAILED'], 'AUTH_FAILED'],
    [['FAILED', 'CHALLENGE_REQUIRED'], 'CHALLENGE_REQUIRED'],
    [['NEEDS_SECRET', 'SUCCESS'], 'NEEDS_SECRET'],
    [['CLOSED', 'CLOSED'], 'CLOSED'],
    [['CLOSED', 'EMPTY'], 'CLOSED'],
  ];
  for (const [channels, expected] of cases) {
    it(`[${channels.join(', ')}] → ${expected}`, () => {
      expect(connectionStatusFromChannels(channels)).toBe(expected);
    });
  }
});
