import type { ComponentProps } from 'react';

import { InputField } from '@/components/input-field';

type EmailFieldProps = Omit<ComponentProps<typeof InputField>, 'label' | 'type'>;

/** The labelled email input of the sign-in, sign-up and mailed-link forms. */
export function EmailField(props: EmailFieldProps) {
  return (
    <InputField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />
  );
}
