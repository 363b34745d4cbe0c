import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';

/**
 * Display-name reservations moved to their look (docs/decisions/profile-names-by-look.md). One
 * stream records what the move found and did:
 * - `UserNameLookAlikeKept`: an account shows a name whose look another holds (both shown before
 *   the move); it keeps its name, holds no reservation, and the admins see it in the audit log;
 * - `DisplayNamesReservedByLook`: a full pass ended; a start that finds it skips the pass.
 */
export const NAMES_BY_LOOK_STREAM = 'display-names-by-look';

export type UserNameLookAlikeKept = DomainEvent<
  'UserNameLookAlikeKept',
  { userId: string; heldBy: string }
>;
export type DisplayNamesReservedByLook = DomainEvent<'DisplayNamesReservedByLook', PassCounts>;
export type NamesByLookEvent = UserNameLookAlikeKept | DisplayNamesReservedByLook;

/** What a pass found: accounts showing a name, reservations it claimed, look-alikes kept. */
export interface PassCounts {
  accounts: number;
  claimed: number;
  lookAlikes: number;
}

export interface NamesByLookState {
  /** A full pass has ended. */
  done: boolean;
  /** The look-alikes recorded, as `<userId> <heldBy>`. */
  lookAlikes: readonly string[];
}

export interface RecordLookAlike {
  type: 'RecordLookAlike';
  data: { userId: string; heldBy: string };
}

export interface EndPass {
  type: 'EndPass';
  data: PassCounts;
}

export type NamesByLookCommand = RecordLookAlike | EndPass;

const pair = ({ userId, heldBy }: { userId: string; heldBy: string }) => `${userId} ${heldBy}`;

export const namesByLookDecider: Decider<NamesByLookCommand, NamesByLookState, NamesByLookEvent> = {
  initialState: { done: false, lookAlikes: [] },

  decide(command, state) {
    switch (command.type) {
      case 'RecordLookAlike':
        // Once per pair: a pass run again records nothing new.
        return state.lookAlikes.includes(pair(command.data))
          ? []
          : [{ type: 'UserNameLookAlikeKept', data: command.data }];
      case 'EndPass':
        return state.done ? [] : [{ type: 'DisplayNamesReservedByLook', data: command.data }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserNameLookAlikeKept':
        return { ...state, lookAlikes: [...state.lookAlikes, pair(event.data)] };
      case 'DisplayNamesReservedByLook':
        return { ...state, done: true };
      default:
        return assertNever(event);
    }
  },
};
