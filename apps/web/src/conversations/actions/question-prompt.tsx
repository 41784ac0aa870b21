import type { UserQuestion } from '@app/contracts/events/tool-approval.events';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../api';
import { FormError } from '../../ui/form-error';
import styles from './agent-actions.module.css';
import { useWaitingAnswer } from './use-waiting-answer';

interface QuestionPromptProps {
  readonly actionId: string;
  readonly question: UserQuestion;
  readonly agentName: string;
  readonly wId: string;
  readonly cId: string;
  /** The agent message whose run waits. */
  readonly mId: string;
}

/**
 * The question an agent asks mid-run: its choices (one, or several when it allows) and a box for an
 * answer in the person's own words. Sending resumes the run, whose stream shows the rest; the
 * prompt leaves when the call ends.
 */
export function QuestionPrompt({ actionId, question, agentName, wId, cId, mId }: QuestionPromptProps) {
  const { toolApprovals } = useApi();
  const [selected, setSelected] = useState<readonly number[]>([]);
  const [words, setWords] = useState('');
  const { sending, answered, error, send: sendAnswer, refuse } = useWaitingAnswer();
  const legendId = useId();
  const wordsId = useId();
  const hasOptions = question.options.length > 0;

  function choose(index: number, checked: boolean) {
    if (!question.multiSelect) setSelected([index]);
    else setSelected((current) => (checked ? [...current, index].sort((a, b) => a - b) : current.filter((i) => i !== index)));
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const customResponse = words.trim();
    if (selected.length === 0 && customResponse === '') {
      refuse(hasOptions ? 'Choose an answer or write one.' : 'Write an answer.');
      return;
    }
    const answer = { selectedOptions: [...selected], ...(customResponse ? { customResponse } : {}) };
    await sendAnswer(() => toolApprovals.answerQuestion(wId, cId, mId, { actionId, answer }), 'Answered');
  }

  if (answered !== null) {
    return (
      <p className={styles.approvalAnswered} role="status">
        {answered}: {question.question}
      </p>
    );
  }
  const name = `question-${actionId}`;
  return (
    <form className={styles.approval} onSubmit={(event) => void send(event)} aria-labelledby={legendId} noValidate>
      <fieldset className={styles.questionChoices}>
        <legend id={legendId} className={styles.approvalQuestion}>
          {agentName} asks: <strong>{question.question}</strong>
        </legend>
        {question.options.map((option, index) => (
          <label key={index} className={styles.questionChoice}>
            <input
              type={question.multiSelect ? 'checkbox' : 'radio'}
              name={name}
              checked={selected.includes(index)}
              onChange={(event) => choose(index, event.target.checked)}
            />
            <span>
              {option.label}
              {option.description ? <span className="muted"> — {option.description}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={wordsId}>{hasOptions ? 'Or answer in your own words' : 'Your answer'}</label>
        <input id={wordsId} value={words} onChange={(event) => setWords(event.target.value)} maxLength={4000} autoComplete="off" />
      </div>
      <div className={styles.approvalButtons}>
        <button type="submit" className="button button-small" disabled={sending}>
          Send answer
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}
