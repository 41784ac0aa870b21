import { newPrefixedId } from '../../common/ids';

/**
 * The action sId of each call of one run, by call id: the recorder and the approval gate learn of a
 * call in either order and must name it alike (a person approves the action the stream showed).
 */
export class RunActionIds {
  private readonly ids = new Map<string, string>();

  of(callId: string): string {
    let id = this.ids.get(callId);
    if (id === undefined) {
      id = newPrefixedId('act');
      this.ids.set(callId, id);
    }
    return id;
  }
}
