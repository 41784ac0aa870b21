import { useId, useState, type FormEvent } from 'react';
import styles from './history.module.css';
import { instantOfInput, localInputValue, readableInstant } from './past-view';

interface TimePickerProps {
  readonly atMs: number | null;
  /** When the conversation was created: nothing to show before. */
  readonly createdMs: number;
  readonly onTravel: (atMs: number) => void;
}

/**
 * "View as it was": a date and time (local, to the second) and Show. The instant is applied on Show
 * (or Enter), not while it is being typed; its parent keys it by the instant shown, so the box
 * starts anew with each.
 */
export function TimePicker({ atMs, createdMs, onTravel }: TimePickerProps) {
  const [value, setValue] = useState(atMs === null ? '' : localInputValue(atMs));
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const hintId = useId();

  function show(event: FormEvent) {
    event.preventDefault();
    const instant = instantOfInput(value);
    setInvalid(instant === null);
    if (instant !== null) onTravel(instant);
  }

  return (
    <form className={styles.timePicker} onSubmit={show} aria-label="View the conversation as it was">
      <label htmlFor={inputId} className={styles.timeLabel}>
        View as it was
      </label>
      <input
        id={inputId}
        type="datetime-local"
        step={1}
        min={localInputValue(createdMs)}
        className={styles.timeInput}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? hintId : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button-secondary button-small">
        Show
      </button>
      {invalid ? (
        <p id={hintId} className={styles.timeHint} role="alert">
          Pick a date and a time.
        </p>
      ) : null}
    </form>
  );
}

/** Says the page is a past view, read-only, and offers Back to now. */
export function PastViewBanner({ atMs, onBackToNow }: { readonly atMs: number; readonly onBackToNow: () => void }) {
  return (
    <div className={styles.pastBanner}>
      <p className={styles.pastBannerText} role="status">
        A past view: the conversation as it was on <strong>{readableInstant(atMs)}</strong>. Nothing can be changed here.
      </p>
      <button type="button" className="button button-small" onClick={onBackToNow}>
        Back to now
      </button>
    </div>
  );
}
