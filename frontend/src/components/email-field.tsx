import type { ReactNode, Ref } from 'react';

import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  labelAside?: ReactNode;
}

/** The labelled email input of the sign-in, sign-up and mailed-link forms. */
export function EmailField({ value, onChange, error, inputRef, labelAside }: EmailFieldProps) {
  return (
    <FormField label="Email" error={error} labelAside={labelAside}>
      {(control) => (
        <Input
          {...control}
          ref={inputRef}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
