import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface ReasonFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown under the box, and the box marked invalid, while set. */
  error: string | null;
  onChange: (value: string) => void;
}

/** The reason an admin gives for an action: a labelled box of 500 characters and its error. */
export function ReasonField({ id, label, value, error, onChange }: ReasonFieldProps) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
