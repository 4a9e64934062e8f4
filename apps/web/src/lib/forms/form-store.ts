/**
 * The state of one form, without React: its values, its errors and whether it is being sent. The inputs stay
 * uncontrolled (the browser holds what is typed; `register` reads it on every change), and a field is checked:
 * - when it loses focus, and from then on at every change (so an error disappears as soon as it is fixed);
 * - at every change once the form has been sent;
 * - all together when the form is sent: the first wrong field gets the focus, and only valid values are sent.
 * `validate` checks the whole form (the schemas have rules across fields) and answers for every field at once.
 */

export type FormValues = Record<string, string | boolean>;
export type FieldName<Input extends FormValues> = keyof Input & string;
export type FieldErrors = Readonly<Record<string, string>>;

/** What `validate` answers: the parsed values, or a message per field (the first problem of each). */
export type Validation<Output> = { values: Output } | { errors: Record<string, string> };

/** What the store needs of a field's element; an input, a select or a textarea. */
export type FieldElement = {
  value: string;
  type?: string;
  checked?: boolean;
  focus: () => void;
};

export type FieldProps = {
  name: string;
  ref: (element: FieldElement | null) => void;
  onChange: (event: { target: FieldElement }) => void;
  onBlur: () => void;
  defaultValue?: string;
  defaultChecked?: boolean;
};

export type FormSnapshot<Input extends FormValues> = {
  values: Readonly<Input>;
  errors: FieldErrors;
  submitting: boolean;
};

const readElement = (element: FieldElement): string | boolean => (element.type === 'checkbox' ? Boolean(element.checked) : element.value);

function writeElement(element: FieldElement, value: string | boolean) {
  if (typeof value === 'boolean') element.checked = value;
  else element.value = value;
}

export function createFormStore<Input extends FormValues, Output>(
  defaults: Input,
  validate: (values: Input) => Promise<Validation<Output>>,
) {
  let snapshot: FormSnapshot<Input> = { values: { ...defaults }, errors: {}, submitting: false };
  let submitted = false;
  const touched = new Set<string>();
  const elements = new Map<string, FieldElement>();
  const fieldProps = new Map<string, FieldProps>();
  const listeners = new Set<() => void>();
  // Checks run concurrently; a field keeps the answer of its latest check only.
  const latestCheck = new Map<string, number>();
  let checks = 0;

  function update(change: Partial<FormSnapshot<Input>>) {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  }

  function setFieldError(name: string, message: string | undefined) {
    if (snapshot.errors[name] === message) return;
    const { [name]: _previous, ...others } = snapshot.errors;
    update({ errors: message === undefined ? others : { ...others, [name]: message } });
  }

  async function checkField(name: string) {
    const check = ++checks;
    latestCheck.set(name, check);
    const result = await validate(snapshot.values);
    if (latestCheck.get(name) !== check) return;
    setFieldError(name, 'errors' in result ? result.errors[name] : undefined);
  }

  function setValue(name: FieldName<Input>, value: string | boolean) {
    update({ values: { ...snapshot.values, [name]: value } });
  }

  function focusField(name: string) {
    elements.get(name)?.focus();
  }

  /** The props that tie an input, select or checkbox to the field `name` (the same object at every render). */
  function register(name: FieldName<Input>): FieldProps {
    let props = fieldProps.get(name);
    if (props) return props;
    const initial = defaults[name];
    props = {
      name,
      ...(typeof initial === 'boolean' ? { defaultChecked: initial } : { defaultValue: initial }),
      ref: (element) => {
        if (!element) {
          elements.delete(name);
          return;
        }
        elements.set(name, element);
        // What was typed before the page became interactive counts too.
        const shown = readElement(element);
        if (shown !== snapshot.values[name]) setValue(name, shown);
      },
      onChange: (event) => {
        setValue(name, readElement(event.target));
        if (submitted || touched.has(name)) void checkField(name);
      },
      onBlur: () => {
        touched.add(name);
        void checkField(name);
      },
    };
    fieldProps.set(name, props);
    return props;
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    register,
    getValues: () => snapshot.values,
    /** Changes a field from code (and what its element shows), without checking it. */
    setValue(name: FieldName<Input>, value: string | boolean) {
      const element = elements.get(name);
      if (element) writeElement(element, value);
      setValue(name, value);
    },
    /** Shows `message` under the field (e.g. the server's answer), until the field is checked again. */
    setError(name: FieldName<Input>, message: string, focus = false) {
      setFieldError(name, message);
      if (focus) focusField(name);
    },
    /** The form's submit handler: checks every field, then hands valid values to `send`. */
    handleSubmit(send: (values: Output) => Promise<void> | void) {
      return async (event?: { preventDefault: () => void }) => {
        event?.preventDefault();
        if (snapshot.submitting) return;
        submitted = true;
        update({ submitting: true });
        const result = await validate(snapshot.values);
        if ('errors' in result) {
          update({ errors: result.errors, submitting: false });
          const first = [...elements.keys()].find((name) => name in result.errors);
          if (first) focusField(first);
          return;
        }
        update({ errors: {} });
        try {
          await send(result.values);
        } finally {
          update({ submitting: false });
        }
      };
    },
  };
}

export type FormStore<Input extends FormValues, Output> = ReturnType<typeof createFormStore<Input, Output>>;
