import { RECEPTIONISTS } from '../../content/demo.ts';
import type { Receptionist } from './demo-config.ts';

interface Props {
  receptionists: Receptionist[];
  selected: string | undefined;
  onSelect: (id: Receptionist['id']) => void;
  disabled: boolean;
}

/** Who to call: one card per receptionist, with what to try saying. */
export function ReceptionistPicker({ receptionists, selected, onSelect, disabled }: Props) {
  if (receptionists.length === 0) return null;
  return (
    <fieldset className="receptionist-picker" disabled={disabled}>
      <legend>Pick a receptionist to talk to</legend>
      {receptionists.map(({ id }) => {
        const copy = RECEPTIONISTS[id];
        return (
          <label key={id} className="receptionist-card">
            <input
              type="radio"
              name="receptionist"
              value={id}
              checked={selected === id}
              onChange={() => onSelect(id)}
            />
            <span className="receptionist-name">{copy.name}</span>
            <span className="receptionist-description">{copy.description}</span>
            <span className="receptionist-try">{copy.tryThis}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
