import { memo, type KeyboardEvent } from 'react';
import { valueForKey } from '../answer-queue';

export interface ItemQuestionProps {
  number: number;
  text: string;
  value: number | null;
  labels: readonly string[];
  /** `byKey`: answered with a digit key, so focus moves on to the next unanswered item. */
  onAnswer: (item: number, value: number, byKey: boolean) => void;
}

/**
 * One item as a native radio group named '#N - text' (fieldset and legend): Tab reaches it, the arrow keys
 * choose within it, and the digit keys 1-4 (or 0) answer it and move on.
 */
export const ItemQuestion = memo(function ItemQuestion({ number, text, value, labels, onAnswer }: ItemQuestionProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const chosen = valueForKey(event.key);
    if (chosen !== null) {
      event.preventDefault();
      onAnswer(number, chosen, true);
    }
  };
  return (
    <li className={value === null ? 'item' : 'item is-answered'} id={`item-${number}`}>
      <fieldset onKeyDown={onKeyDown}>
        <legend>
          #{number} - {text}
        </legend>
        <div className="options">
          {labels.map((label, option) => (
            <label className="option" key={option}>
              <span className="option-control">
                <input
                  type="radio"
                  name={`item-${number}`}
                  value={option}
                  checked={value === option}
                  onChange={() => onAnswer(number, option, false)}
                />
                <span className="key-hint" aria-hidden="true">
                  {option + 1}
                </span>
              </span>
              <span className="option-label">{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </li>
  );
});
