import { createRef, useRef, useState, type FormEvent, type RefObject } from 'react';

/** Messages by field; a field without one is valid. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The fields whose value is text: the ones an `InputField` edits. */
type TextField<Values> = {
  [Field in keyof Values]: Values[Field] extends string ? Field : never;
}[keyof Values] &
  string;

export interface UseFormOptions<Values extends object> {
  /** The starting values; their order is the order in which the first invalid field is sought. */
  initialValues: Values;
  /** Checked on submit: a message per invalid field, shown with it and cleared when it changes. */
  validate?: (values: Values) => FieldErrors<keyof Values & string>;
  /**
   * Checked on submit after the fields: one message about the whole form, shown in its alert
   * beside a server error (e.g. reset password, spec §5: one problem at a time).
   */
  validateForm?: (values: Values) => string | null;
  /**
   * Editing any field also clears the form error. Off by default: a server's answer
   * ('Invalid email or password') stays until the next submit.
   */
  formErrorClearsOnChange?: boolean;
  /** The mutation the form sends: while it is pending the form is submitting. */
  mutation: { isPending: boolean };
}

/** What an `InputField` (or `EmailField`) needs to edit one field of the form. */
export interface TextFieldProps {
  value: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
}

/**
 * The state every form repeats: the values, an error per field (gone as soon as that field is
 * edited), an error about the whole form (the server's answer or `validateForm`), validation
 * on submit that moves focus to the first invalid field, and a submitting state that is the
 * mutation's. Texts, toasts and what success looks like stay with each form.
 */
export function useForm<Values extends object>({
  initialValues,
  validate,
  validateForm,
  formErrorClearsOnChange = false,
  mutation,
}: UseFormOptions<Values>) {
  type Field = keyof Values & string;

  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputRefs = useRef(new Map<Field, RefObject<HTMLInputElement | null>>());
  const submitting = mutation.isPending;

  /** A stable ref per field, so focus can move to whichever field is invalid. */
  const inputRef = (field: Field): RefObject<HTMLInputElement | null> => {
    let ref = inputRefs.current.get(field);
    if (!ref) {
      ref = createRef<HTMLInputElement>();
      inputRefs.current.set(field, ref);
    }
    return ref;
  };

  const setValue = <F extends Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) =>
      current[field] === undefined ? current : { ...current, [field]: undefined },
    );
    if (formErrorClearsOnChange) setFormError(null);
  };

  const setFieldError = (field: Field, message: string | null) =>
    setErrors((current) => ({ ...current, [field]: message ?? undefined }));

  /** Back to `next` (the starting values by default) with no messages, e.g. after a save. */
  const reset = (next: Values = initial) => {
    setValues(next);
    setErrors({});
    setFormError(null);
  };

  /**
   * The form's `onSubmit`: clears the form error, validates, and either focuses the first
   * invalid field or hands the values to `send`. A submit while the mutation is pending is
   * ignored.
   */
  const handleSubmit =
    (send: (values: Values) => void) =>
    (event: FormEvent<HTMLFormElement>): void => {
      event.preventDefault();
      if (submitting) return;
      const found: FieldErrors<Field> = validate?.(values) ?? {};
      const firstInvalid = (Object.keys(initial) as Field[]).find((field) => found[field]);
      const message = firstInvalid ? null : (validateForm?.(values) ?? null);
      setErrors(found);
      setFormError(message);
      if (firstInvalid) {
        inputRefs.current.get(firstInvalid)?.current?.focus();
        return;
      }
      if (message) return;
      send(values);
    };

  const field = (name: TextField<Values>): TextFieldProps => ({
    value: values[name] as string,
    error: errors[name],
    inputRef: inputRef(name),
    onChange: (value) => setValue(name, value as Values[typeof name]),
  });

  return {
    values,
    setValue,
    errors,
    setFieldError,
    formError,
    setFormError,
    submitting,
    inputRef,
    field,
    handleSubmit,
    reset,
  };
}
