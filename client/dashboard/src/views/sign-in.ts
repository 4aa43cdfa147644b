import { field, h } from '../dom.js';
import { describeError } from '../describe-error.js';
import { api, session } from '../session.js';
import type { View } from './view.js';

/** Sign in and sign up, side by side; both end in a bearer session kept in sessionStorage. */
export const signInView: View = async (main, ctx) => {
  const form = (mode: 'in' | 'up') => {
    const email = h('input', { type: 'email', name: 'email', autocomplete: 'email', required: true, maxlength: 254 });
    const password = h('input', {
      type: 'password',
      name: 'password',
      autocomplete: mode === 'in' ? 'current-password' : 'new-password',
      required: true,
      minlength: mode === 'up' ? 8 : false,
      maxlength: 1024,
    });
    const submit = h('button', { type: 'submit' }, mode === 'in' ? 'Sign in' : 'Create account');
    const el = h(
      'form',
      { 'aria-labelledby': `sign-${mode}-title`, class: 'card' },
      h('h2', { id: `sign-${mode}-title` }, mode === 'in' ? 'Sign in' : 'Sign up'),
      field('Email', email),
      field('Password', password, mode === 'up' ? 'At least 8 characters and hard to guess: a few uncommon words together work.' : undefined),
      submit,
    );
    el.addEventListener('submit', async (event) => {
      event.preventDefault();
      submit.disabled = true;
      try {
        const body = { email: email.value.trim(), password: password.value };
        const { data, error, response } = mode === 'in' ? await api().POST('/api/auth/login', { body }) : await api().POST('/api/auth/signup', { body });
        if (!data) return ctx.notify(describeError(error, response.status), 'error');
        session.start(data.data.token, data.data.account.email);
        ctx.go('overview');
      } catch (err) {
        ctx.notify(`Network error: ${(err as Error).message}`, 'error');
      } finally {
        submit.disabled = false;
      }
    });
    return el;
  };
  main.append(
    h('h1', { tabindex: '-1' }, 'crema dashboard'),
    h('p', {}, 'Sign in to see your usage, manage API keys and try a compression. New accounts start with $10.00 of credit.'),
    h('div', { class: 'grid two' }, form('in'), form('up')),
  );
};
