import { describe, expect, it, vi } from 'vitest';
import { createFormStore, type FieldElement, type Validation } from './form-store';

type Input = { email: string; password: string; remember: boolean };
type Output = { email: string; password: string; remember: boolean };

/** E-mail must hold '@', the password at least 3 characters. */
async function validate(values: Input): Promise<Validation<Output>> {
  const errors: Record<string, string> = {};
  if (!values.email.includes('@')) errors.email = 'Bad e-mail';
  if (values.password.length < 3) errors.password = 'Too short';
  return Object.keys(errors).length ? { errors } : { values };
}

const element = (value = '', type = 'text'): FieldElement => ({ value, type, checked: false, focus: vi.fn() });

function setUp(defaults: Input = { email: '', password: '', remember: false }) {
  const store = createFormStore(defaults, validate);
  const fields = { email: element(defaults.email), password: element(defaults.password), remember: element('on', 'checkbox') };
  for (const [name, field] of Object.entries(fields)) store.register(name as keyof Input).ref(field);
  const type = (name: keyof Input, value: string) => {
    fields[name].value = value;
    store.register(name).onChange({ target: fields[name] });
  };
  return { store, fields, type };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createFormStore', () => {
  it('gives each field its default and the same props at every render', () => {
    const { store } = setUp({ email: 'a@b.eg', password: '', remember: true });
    expect(store.register('email')).toBe(store.register('email'));
    expect(store.register('email').defaultValue).toBe('a@b.eg');
    expect(store.register('remember').defaultChecked).toBe(true);
    expect(store.register('remember').defaultValue).toBeUndefined();
  });

  it('keeps what was typed before the page became interactive', () => {
    const store = createFormStore<Input, Output>({ email: '', password: '', remember: false }, validate);
    store.register('email').ref(element('early@shop.eg'));
    expect(store.getValues().email).toBe('early@shop.eg');
  });

  it('checks a field only once it has lost focus, then at every change', async () => {
    const { store, type } = setUp();
    type('email', 'x');
    await settle();
    expect(store.getSnapshot().errors).toEqual({});

    store.register('email').onBlur();
    await settle();
    expect(store.getSnapshot().errors).toEqual({ email: 'Bad e-mail' });

    type('email', 'x@y.eg');
    await settle();
    expect(store.getSnapshot().errors).toEqual({});
  });

  it('on submit shows every error, focuses the first wrong field and sends nothing', async () => {
    const { store, fields } = setUp();
    const send = vi.fn();
    const preventDefault = vi.fn();
    await store.handleSubmit(send)({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toMatchObject({ errors: { email: 'Bad e-mail', password: 'Too short' }, submitting: false });
    expect(fields.email.focus).toHaveBeenCalled();
    expect(fields.password.focus).not.toHaveBeenCalled();
  });

  it('after a submit, every change checks its field', async () => {
    const { store, type } = setUp();
    await store.handleSubmit(vi.fn())();
    type('password', 'long enough');
    await settle();
    expect(store.getSnapshot().errors).toEqual({ email: 'Bad e-mail' });
  });

  it('sends the parsed values, reading checkboxes as booleans, and is busy meanwhile', async () => {
    const { store, fields, type } = setUp();
    type('email', 'a@b.eg');
    type('password', 'secret');
    fields.remember.checked = true;
    store.register('remember').onChange({ target: fields.remember });

    let busyWhileSending = false;
    const send = vi.fn(() => {
      busyWhileSending = store.getSnapshot().submitting;
    });
    await store.handleSubmit(send)();
    expect(send).toHaveBeenCalledWith({ email: 'a@b.eg', password: 'secret', remember: true });
    expect(busyWhileSending).toBe(true);
    expect(store.getSnapshot().submitting).toBe(false);
  });

  it('is not busy after a send that fails, and the failure reaches the caller', async () => {
    const { store, type } = setUp();
    type('email', 'a@b.eg');
    type('password', 'secret');
    await expect(store.handleSubmit(() => Promise.reject(new Error('down')))()).rejects.toThrow('down');
    expect(store.getSnapshot().submitting).toBe(false);
  });

  it("shows the server's message under a field until the field is checked again", async () => {
    const { store, fields, type } = setUp();
    type('email', 'taken@shop.eg');
    store.setError('email', 'Already registered', true);
    expect(store.getSnapshot().errors).toEqual({ email: 'Already registered' });
    expect(fields.email.focus).toHaveBeenCalled();

    store.register('email').onBlur();
    await settle();
    expect(store.getSnapshot().errors).toEqual({});
  });

  it('changes a field from code, in the store and on screen', () => {
    const { store, fields } = setUp({ email: 'a@b.eg', password: '', remember: false });
    store.setValue('email', '');
    expect(fields.email.value).toBe('');
    expect(store.getValues().email).toBe('');
  });

  it('tells its listeners about every change', () => {
    const { store, type } = setUp();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    type('email', 'a');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    type('email', 'ab');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps only the latest answer when checks of a field overlap', async () => {
    let release: (() => void) | undefined;
    const slowFirst = vi.fn(async (values: Input): Promise<Validation<Output>> => {
      if (values.email === 'slow') await new Promise<void>((resolve) => (release = resolve));
      return validate(values);
    });
    const store = createFormStore<Input, Output>({ email: '', password: '', remember: false }, slowFirst);
    const field = element();
    store.register('email').ref(field);
    store.register('email').onBlur();
    await settle();

    field.value = 'slow';
    store.register('email').onChange({ target: field });
    field.value = 'fast@shop.eg';
    store.register('email').onChange({ target: field });
    await settle();
    release?.();
    await settle();
    expect(store.getSnapshot().errors).toEqual({});
  });
});
