import { RunControl } from './run-control';

describe('RunControl idle window', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fails the run once the model has been silent for the whole window since its last chunk', () => {
    const control = new RunControl(new AbortController().signal, undefined, 100);
    control.touch();
    jest.advanceTimersByTime(60);
    control.touch();
    jest.advanceTimersByTime(99);
    expect(control.stopReason).toBeUndefined();
    jest.advanceTimersByTime(1);
    expect(control.stopReason).toEqual({ kind: 'failed', error: expect.objectContaining({ code: 'model_timeout', metadata: { idleTimeoutMs: 100 } }) });
    expect(control.signal.aborted).toBe(true);
    control.dispose();
  });

  it('sets no timer per chunk: one watch covers a stream of chunks', () => {
    const control = new RunControl(new AbortController().signal, undefined, 100);
    const setTimeoutSpy = jest.spyOn(global, 'setTimeout');
    for (let chunk = 0; chunk < 50; chunk += 1) {
      control.touch();
      jest.advanceTimersByTime(1);
    }
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
    expect(control.stopReason).toBeUndefined();
    setTimeoutSpy.mockRestore();
    control.dispose();
  });

  it('does not count time spent in tools as silence', () => {
    const control = new RunControl(new AbortController().signal, undefined, 100);
    control.touch();
    control.toolStarted();
    jest.advanceTimersByTime(250);
    expect(control.stopReason).toBeUndefined();
    control.toolEnded();
    jest.advanceTimersByTime(99);
    expect(control.stopReason).toBeUndefined();
    jest.advanceTimersByTime(1);
    expect(control.stopReason?.kind).toBe('failed');
    control.dispose();
  });
});
