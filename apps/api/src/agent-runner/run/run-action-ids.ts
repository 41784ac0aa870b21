import { newPrefixedId } from '../../common/ids';

/**
 * The action sId of each call of one run, by call id: the recorder and the approval gate learn of a
 * call in either order and must name it alike (a person approves the action the stream showed).
 */
export class RunActionIds {
  private readonly ids = new Map<string, string>();

  /** A call an earlier runner of the run already named. */
  restore(callId: string, sId: string): void {
    this.ids.set(callId, sId);
  }

  of(callId: string): string {
    let id = this.ids.get(callId);
    if (id === undefined) {
      id = newPrefixedId('act');
      this.ids.set(callId, id);
    }
    return id;
  }
}
