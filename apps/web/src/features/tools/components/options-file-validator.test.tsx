// @vitest-environment jsdom
import { toolsEndpoints, type OptionsValidationResponse } from '@aerie/contract';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { optionsFilesForm } from '../api/validate-options-files';
import { OptionsFileValidator, validationFailureToast } from './options-file-validator';

afterEach(cleanup);

const server = setupApiServer();
const ENDPOINT = toolsEndpoints.validateOptions;

const answer: OptionsValidationResponse = {
  totalFiles: 3,
  results: [
    {
      fileName: 'good.opt',
      isValid: true,
      error: null,
      fields: [
        { field: 'antenna.serial', error: null, disclaimer: null },
        { field: 'private.mode', error: null, disclaimer: 'Private mode is on.' },
      ],
    },
    {
      fileName: 'bad.opt',
      isValid: false,
      error: 'The checksum does not match.',
      fields: [
        { field: 'antenna.serial', error: null, disclaimer: null },
        { field: 'device.id', error: 'The device id must be a UUID.', disclaimer: null },
      ],
    },
    { fileName: 'plain.opt', isValid: true, error: null, fields: [] },
  ],
};

const file = (name: string) => new File(['AERIE-OPT/1\n'], name);

function renderValidator() {
  const view = renderWithProviders(
    <>
      <Notifications />
      <OptionsFileValidator />
    </>,
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const choose = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { ...view, input, choose };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const tags = () =>
  within(screen.getByRole('list', { name: 'Chosen files' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('OptionsFileValidator: choosing files', () => {
  it('chooses .opt files only through a labelled button and says which others were not added', () => {
    const { input, choose } = renderValidator();
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('.opt');
    expect(screen.getByRole('group', { name: 'Options files to validate' })).toBeDefined();
    expect(button('Choose files')).toBeDefined();
    expect(button('Validate files').disabled).toBe(true);

    choose(file('a.opt'), file('notes.txt'), file('b.OPT'), file('c.zip'));
    expect(tags()).toEqual(['a.opt', 'b.OPT']);
    expect(screen.getByRole('alert').textContent).toBe(
      'Only .opt files are accepted: notes.txt and c.zip were not added.',
    );
    expect(button('Validate files').disabled).toBe(false);
  });

  it('takes dropped files the same way', () => {
    renderValidator();
    const zone = screen.getByRole('group', { name: 'Options files to validate' });
    const dataTransfer = { files: [file('x.opt'), file('y.txt')], types: ['Files'] };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone.hasAttribute('data-over')).toBe(true);
    fireEvent.drop(zone, { dataTransfer });
    expect(zone.hasAttribute('data-over')).toBe(false);
    expect(tags()).toEqual(['x.opt']);
    expect(screen.getByRole('alert').textContent).toContain('y.txt was not added');
  });

  it('removes a file with its tag button (in the tab order), and Clear empties the list', () => {
    const { choose } = renderValidator();
    choose(file('a.opt'), file('b.opt'));
    const remove = button('Remove a.opt');
    expect(remove.tabIndex).toBe(0);
    fireEvent.click(remove);
    expect(tags()).toEqual(['b.opt']);
    fireEvent.click(button('Clear'));
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();
    expect(screen.getByText('No files chosen.')).toBeDefined();
    expect(button('Validate files').disabled).toBe(true);
  });
});

describe('OptionsFileValidator: validating', () => {
  it('sends the files and shows the count, the valid names and only fields worth a look', async () => {
    server.use(apiAnswer(ENDPOINT, answer));
    const { choose } = renderValidator();
    choose(file('good.opt'), file('bad.opt'), file('plain.opt'));
    fireEvent.click(button('Validate files'));

    expect(await screen.findByText('Valid Files : 2/3')).toBeDefined();
    expect(server.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v2/tools/options/validate',
    ]);
    expect(screen.getByText('good.opt, plain.opt')).toBeDefined();
    const table = screen.getByRole('table', { name: 'Validation results' });
    expect(
      within(table)
        .getAllByTestId('options-result-row')
        .map((r) => r.textContent),
    ).toEqual(['good.optValid', 'bad.optInvalid', 'plain.optValid']);
    const goodFields = within(table).getByRole('table', { name: 'Fields of good.opt' });
    expect(
      within(goodFields)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldErrorDisclaimer', 'private.modePrivate mode is on.']);
    const badFields = within(table).getByRole('table', { name: 'Fields of bad.opt' });
    expect(
      within(badFields)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldErrorDisclaimer', 'device.idThe device id must be a UUID.']);
    expect(within(table).getByText('The checksum does not match.')).toBeDefined();
    expect(within(table).getByText('No errors or disclaimers.')).toBeDefined();

    fireEvent.click(button('Clear'));
    expect(screen.queryByText('Valid Files : 2/3')).toBeNull();
  });

  it('keeps Validate files disabled while the files are sent', async () => {
    let release: () => void = () => undefined;
    server.use(
      apiHandler(ENDPOINT, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(answer);
      }),
    );
    const { choose } = renderValidator();
    choose(file('good.opt'));
    fireEvent.click(button('Validate files'));
    await waitFor(() => expect(button('Validate files').disabled).toBe(true));
    release();
    expect(await screen.findByText('Valid Files : 2/3')).toBeDefined();
    expect(button('Validate files').disabled).toBe(false);
  });

  it("shows a refusal as 'Error occured: {the server's text}'", async () => {
    server.use(
      apiHandler(ENDPOINT, () => apiError(400, 'At most 20 files can be validated at once.')),
    );
    const { choose } = renderValidator();
    choose(file('a.opt'));
    fireEvent.click(button('Validate files'));
    expect(
      await screen.findByText('Error occured: At most 20 files can be validated at once.'),
    ).toBeDefined();
  });

  it("shows a failure to reach the server as 'Error occured: {message}'", async () => {
    server.use(http.post('*/v2/tools/options/validate', () => HttpResponse.error()));
    const { choose } = renderValidator();
    choose(file('a.opt'));
    fireEvent.click(button('Validate files'));
    expect(
      await screen.findByText('Error occured: The server could not be reached.'),
    ).toBeDefined();
  });
});

describe('validationFailureToast (spec 001 §8)', () => {
  it('shows a non-OK answer 5 s as danger, an exception 3 s', () => {
    const http400 = new ApiError({ status: 400, kind: 'http', message: 'No files.' });
    expect(validationFailureToast(http400)).toEqual({
      message: 'Error occured: No files.',
      color: 'red',
      autoClose: 5_000,
    });
    const network = new ApiError({ status: 0, kind: 'network', message: 'Unreachable.' });
    expect(validationFailureToast(network)).toEqual({
      message: 'Error occured: Unreachable.',
      autoClose: 3_000,
    });
  });
});

describe('optionsFilesForm', () => {
  it('puts each file in the repeated field "files" with its name', () => {
    const form = optionsFilesForm([file('a.opt'), file('b.opt')]);
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.opt', 'b.opt']);
  });
});
