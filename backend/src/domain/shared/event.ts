/**
 * Event envelopes shared by the domain, the projections and the event store port.
 * Pure types: the domain never touches the store itself.
 */

export type ActorType = 'visitor' | 'user' | 'admin' | 'system' | 'stripe';

export interface Actor {
  type: ActorType;
  /** User id, admin id, Stripe event id, a hashed visitor fingerprint, or 'system'. */
  id: string;
}

export interface EventMetadata {
  actor: Actor;
  correlationId: string;
  causationId: string;
  /** ISO-8601 time the command was decided, from the clock port. */
  at: string;
}

/** What a decider emits: a fact, not yet stored. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** A fact as the event store holds it. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** Zero-based position of the event inside its stream. */
  revision: bigint;
  /** Position in the global log ($all); strictly increasing. */
  position: bigint;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  createdAt: Date;
}

/** Each event of a union of domain events, as the log records it. */
export type Recorded<Event extends DomainEvent> =
  Event extends DomainEvent<infer Type, infer Data> ? RecordedEvent<Type, Data> : never;

/** Everything a command needs besides its own data: who, when, and how it links to others. */
export interface CommandMetadata {
  actor: Actor;
  now: Date;
  correlationId: string;
  causationId: string;
}
