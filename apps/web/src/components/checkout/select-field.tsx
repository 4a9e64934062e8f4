'use client';
/**
 * A required choice from a list (an address's governorate and city), with the same label, hint and error as the
 * account forms' FormField.
 */
import { useId, type SelectHTMLAttributes } from 'react';
import type { FieldName, FormValues } from '@/lib/forms/form-store';
import { FieldFrame, FIELD_INPUT } from '../account/field-frame';
import type { FieldForm } from '../account/form-field';

type SelectFieldProps<Input extends FormValues> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'form' | 'name' | 'id' | 'defaultValue' | 'onChange'
> & {
  form: FieldForm<Input>;
  name: FieldName<Input>;
  label: string;
  /** The first, empty choice ("Choose a governorate"). */
  placeholder: string;
  options: { value: string | number; label: string }[];
  /** Runs after the form has taken the new choice. */
  onChoose?: (value: string) => void;
};

export function SelectField<Input extends FormValues>({
  form,
  name,
  label,
  placeholder,
  options,
  onChoose,
  className = '',
  ...select
}: SelectFieldProps<Input>) {
  const id = useId();
  const error = form.errors[name];
  // Until its choices arrive (a governorate's cities) the list is not the field: mounted empty, it would read its
  // empty choice back into the form and lose a value kept from before a reload. It mounts anew with its choices.
  const ready = options.length > 0;
  const field = ready ? form.register(name) : null;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <FieldFrame id={id} label={label} upperCase error={error}>
        {({ describedBy, invalid }) => (
          <select
            key={ready ? 'choices' : 'waiting'}
            id={id}
            aria-required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`${FIELD_INPUT} appearance-auto`}
            {...select}
            {...field}
            onChange={(event) => {
              field?.onChange(event);
              onChoose?.(event.target.value);
            }}
          >
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
