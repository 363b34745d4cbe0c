import type { RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../projection';
import type { ReadDocument } from '../read-model';
import { projectionSpecification, recorded } from './projection-specification';

interface Tally extends ReadDocument {
  names: string[];
}
const names = (event: RecordedEvent) => (event.data as { names: string[] }).names;

/** Adds a name to each tally it names (once); `Cleared` deletes the tally. */
const tallies: Projection<Tally> = {
  collection: 'tallies',
  handles: ['Named', 'Cleared'],
  documentId: (event) => (event.type === 'Cleared' ? 'a' : names(event)),
  apply: (doc, event, id) => {
    if (event.type === 'Cleared') return null;
    const name = String(event.position);
    if (doc?.names.includes(name)) return doc;
    return { _id: id ?? '?', names: [...(doc?.names ?? []), name] };
  },
};
const named = (...ids: string[]) => recorded('Named', { names: ids });

describe('projection specification', () => {
  const spec = projectionSpecification(tallies);

  it('hands each event to every document it names, in the order first written', () => {
    const both = named('a', 'b');
    const documents = spec.given(both, named('b')).documents();
    expect([...documents.keys()]).toEqual(['a', 'b']);
    spec
      .given(both, named('b'))
      .of('a')
      .thenMatches({ names: [String(both.position)] });
    expect(() => spec.given(both).of('b').thenGone()).toThrow();
    spec.given(both, recorded('Cleared', {})).of('a').thenGone();
  });

  it('tells an event that changes nothing from one that changes the document', () => {
    const first = named('a');
    spec.given(first, { ...first }).thenUnchanged();
    expect(() => spec.given(first, named('a')).thenUnchanged()).toThrow();
  });

  it('hands documents frozen through and through, so a change in place is caught', () => {
    const inPlace: Projection<Tally> = {
      ...tallies,
      apply: (doc, event, id) => {
        if (!doc) return tallies.apply(doc, event, id);
        doc.names.push(String(event.position));
        return doc;
      },
    };
    expect(() =>
      projectionSpecification(inPlace).given(named('a'), named('a')).document(),
    ).toThrow();
    expect(() =>
      projectionSpecification(inPlace).given(named('a'), named('a')).documents(),
    ).toThrow();
  });

  it('compares a rebuild’s in-place replay with the live one', () => {
    const drifting: Projection<Tally> = {
      ...tallies,
      applyInPlace: (doc, event, id) => tallies.apply(doc, event, id) && { _id: 'x', names: [] },
    };
    expect(() => projectionSpecification(drifting).given(named('a')).document()).toThrow();
    expect(() => projectionSpecification(drifting).given(named('a')).documents()).toThrow();
  });
});
