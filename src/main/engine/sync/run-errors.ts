/** Why a channel run ends other than by its connector's own ConnectorError. */
import type { ChannelStatus } from '../domain/values';

/** A challenge ended without an answer: timed out or cancelled by the user. The channel takes `status`. */
export class ChallengeEnded extends Error {
  constructor(readonly status: 'CHALLENGE_TIMED_OUT' | 'CHALLENGE_CANCELLED') {
    super(status === 'CHALLENGE_TIMED_OUT' ? 'the challenge was not answered in time' : 'the challenge was cancelled');
    this.name = 'ChallengeEnded';
  }
}

/** The provider did not answer within the engine's time limit. */
export class ProviderTimeout extends Error {
  constructor(what: string, seconds: number) {
    super(`the provider did not answer ${what} within ${seconds} s`);
    this.name = 'ProviderTimeout';
  }
}

/** The run was stopped (connection closed or deleted, engine stopping): nothing more is written. */
export class RunCancelled extends Error {
  constructor(reason = 'the synchronization was cancelled') {
    super(reason);
    this.name = 'RunCancelled';
  }
}

/** The provider returned data the engine cannot store (a bad amount, a missing field…). */
export class MalformedProviderData extends Error {
  constructor(message: string) {
    super(`malformed provider data: ${message}`);
    this.name = 'MalformedProviderData';
  }
}

/** A channel ends with `status` without reaching the bank (no credentials, expired consent…). */
export class ChannelPrecondition extends Error {
  constructor(
    readonly status: ChannelStatus,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelPrecondition';
  }
}
