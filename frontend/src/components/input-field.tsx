import type { ComponentProps, ReactNode, Ref } from 'react';

import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';

type NativeInputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'value' | 'onChange' | 'ref' | 'aria-describedby' | 'aria-invalid'
>;

interface InputFieldProps extends NativeInputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  labelAside?: ReactNode;
  hint?: ReactNode;
  /** Ids of further text the input is described by (e.g. a live password checklist). */
  describedBy?: string;
}

/** A labelled text input wired to its error and descriptions: the common case of FormField. */
export function InputField({
  label,
  value,
  onChange,
  error,
  inputRef,
  labelAside,
  hint,
  describedBy,
  ...inputProps
}: InputFieldProps) {
  return (
    <FormField label={label} error={error} labelAside={labelAside} hint={hint}>
      {(control) => (
        <Input
          {...inputProps}
          {...control}
          aria-describedby={
            [control['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined
          }
          ref={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
