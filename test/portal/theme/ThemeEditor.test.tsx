import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMMON_SCREEN_ID,
  DEFAULT_THEME_DEFINITION,
  THEME_SCREEN_IDS,
  THEME_TEXT_COLOUR_DEBOUNCE_MS,
  type ThemeDefinition,
} from '../../../contract/theme';
import { operatorInside, recordRequests, save } from '../harness';
import { API, server } from '../msw';
import { BRAND, LOCKED, LOGO_PATH, REJECTED, renderAt, withDefinition } from './fixtures';

const nameBox = () => screen.findByRole('textbox', { name: /^Name/ });
const tab = (name: string) => screen.getByRole('tab', { name });
const swatch = (label: string) => screen.getByLabelText(`${label}: pick a colour`) as HTMLInputElement;
const hex = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

/** The definition the update sent. */
const sentDefinition = async (sent: ReturnType<typeof recordRequests>) => {
  await waitFor(() => expect(sent.some((one) => one.method === 'PUT')).toBe(true));
  return (sent.find((one) => one.method === 'PUT')!.body as { themeDefinition: ThemeDefinition })
    .themeDefinition;
};

const fieldValue = (definition: ThemeDefinition, screenId: string, fieldId: string) =>
  definition.screenDefs.find((one) => one.id === screenId)?.fields.find((field) => field.id === fieldId)
    ?.value;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the theme editor', () => {
  it('lists the common screen first, drawn from commonDefs, then every screen of the definition', async () => {
    renderAt('/theme/th1');
    expect(await nameBox()).toHaveValue('Acme brand');
    const tabs = screen.getAllByRole('tab').map((one) => one.textContent);
    expect(tabs).toEqual(['Common', 'Sign-in', 'Approval', 'Activation', 'Web sign-in']);
    expect(tab('Common')).toHaveAttribute('aria-selected', 'true');
    expect(hex('Primary colour')).toHaveValue('#1565c0');
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('');
    // The common screen previews every screen, small.
    expect(screen.getByText(/Preview of the Web sign-in screen/)).toBeInTheDocument();
  });

  it('adds the common screen when the definition keeps it among its screens, and saves it as commonDefs', async () => {
    const [signIn] = DEFAULT_THEME_DEFINITION.screenDefs;
    const legacy: ThemeDefinition = {
      commonDefs: [],
      screenDefs: [
        signIn,
        { id: COMMON_SCREEN_ID, fields: [{ id: 'primaryColor', type: 'color', value: '#123456' }] },
      ],
    };
    const sent = recordRequests();
    const { user } = renderAt('/theme/th1', { themes: [withDefinition(BRAND, legacy)] });
    await user.type(await nameBox(), ' 2');
    expect(screen.getAllByRole('tab').map((one) => one.textContent)).toEqual(['Common', 'Sign-in']);
    expect(hex('Primary colour')).toHaveValue('#123456');
    await save(user);
    const definition = await sentDefinition(sent);
    expect(definition.commonDefs).toEqual([{ id: 'primaryColor', type: 'color', value: '#123456' }]);
    expect(definition.screenDefs.map((one) => one.id)).toEqual(['sign-in']);
  });

  it('shows a screen of another id by its id, and a screen without fields says so', async () => {
    renderAt('/theme/th1', {
      themes: [withDefinition(BRAND, { commonDefs: [], screenDefs: [{ id: 'kiosk', fields: [] }] })],
    });
    await nameBox();
    expect(screen.getByText('This screen has no fields.')).toBeInTheDocument();
    expect(tab('kiosk')).toBeInTheDocument();
  });

  it('copies a colour changed on the common screen to the field of the same id on every screen', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/theme/th1');
    await nameBox();
    fireEvent.change(swatch('Background colour'), { target: { value: '#00ff00' } });
    expect(hex('Background colour')).toHaveValue('#00ff00');
    // Another screen's field and preview show it at once.
    await user.click(tab('Approval'));
    expect(hex('Background colour')).toHaveValue('#00ff00');
    expect(screen.getByText(/Text #1a1a1a on the background #00ff00/)).toBeInTheDocument();
    // There it follows the common screen; a colour of the screen's own stays on that screen.
    expect(hex('Background colour')).toHaveAttribute('readonly');
    expect(swatch('Background colour')).toBeDisabled();
    expect(
      screen.getAllByText('Shared by every screen: change it on the Common screen.').length,
    ).toBeGreaterThan(0);
    fireEvent.change(swatch('Approve button colour'), { target: { value: '#333333' } });
    await save(user);
    const definition = await sentDefinition(sent);
    expect(definition.commonDefs.find((field) => field.id === 'backgroundColor')?.value).toBe('#00ff00');
    for (const id of THEME_SCREEN_IDS) expect(fieldValue(definition, id, 'backgroundColor')).toBe('#00ff00');
    expect(fieldValue(definition, 'approval', 'approveColor')).toBe('#333333');
    expect(fieldValue(definition, 'approval', 'textColor')).toBe('#1a1a1a');
    expect(await screen.findByText('Theme saved')).toBeInTheDocument();
  });

  it(`applies a typed text colour ${THEME_TEXT_COLOUR_DEBOUNCE_MS} ms after typing stops, never an invalid one`, async () => {
    renderAt('/theme/th1');
    await nameBox();
    // Only the timers of the debounce are faked (React and react-admin keep theirs); Testing Library drains
    // its waits through `jest.advanceTimersByTime` when it sees fake timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const typist = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    // The common screen's text colour: the previews of the four screens draw it.
    const previewsWithText = (colour: string) =>
      screen.queryAllByText(new RegExp(`Text ${colour} on the background #ffffff`)).length;
    const text = hex('Text colour');
    await typist.clear(text);
    await typist.type(text, '#ff0000');
    expect(text).toHaveValue('#ff0000');
    act(() => vi.advanceTimersByTime(THEME_TEXT_COLOUR_DEBOUNCE_MS - 1));
    expect(swatch('Text colour')).toHaveValue('#1a1a1a');
    expect(previewsWithText('#1a1a1a')).toBe(4);
    act(() => vi.advanceTimersByTime(1));
    expect(swatch('Text colour')).toHaveValue('#ff0000');
    expect(previewsWithText('#ff0000')).toBe(4);

    // Each keystroke restarts the wait.
    await typist.clear(text);
    await typist.type(text, '#0000');
    act(() => vi.advanceTimersByTime(THEME_TEXT_COLOUR_DEBOUNCE_MS - 100));
    await typist.type(text, 'ff');
    act(() => vi.advanceTimersByTime(THEME_TEXT_COLOUR_DEBOUNCE_MS - 100));
    expect(swatch('Text colour')).toHaveValue('#ff0000');
    act(() => vi.advanceTimersByTime(100));
    expect(swatch('Text colour')).toHaveValue('#0000ff');

    // An invalid colour never applies, and the field says so.
    await typist.clear(text);
    await typist.type(text, '#12345');
    act(() => vi.advanceTimersByTime(THEME_TEXT_COLOUR_DEBOUNCE_MS * 4));
    expect(swatch('Text colour')).toHaveValue('#0000ff');
    expect(previewsWithText('#0000ff')).toBe(4);
    expect(screen.getByText('Enter a colour like #1565c0 (#rgb, #rrggbb or #rrggbbaa).')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads an image and shows it by its path; Remove empties the field', async () => {
    const uploads: { customerId: string | null; name?: string; type?: string }[] = [];
    server.use(
      http.post(`${API}/whitelabelapp/files/upload`, async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        uploads.push({
          customerId: new URL(request.url).searchParams.get('customerId'),
          name: file.name,
          type: file.type,
        });
        return HttpResponse.json(
          { path: LOGO_PATH, fileName: file.name, mimeType: file.type, size: file.size },
          { status: 201 },
        );
      }),
    );
    const { user } = renderAt('/theme/th1');
    const saved: ThemeDefinition[] = [];
    server.use(
      http.put(`${API}/whitelabelapp/theme/update`, async ({ request }) => {
        const body = (await request.json()) as typeof BRAND;
        saved.push(body.themeDefinition);
        return HttpResponse.json({ ...BRAND, ...body });
      }),
    );
    await nameBox();
    await user.click(tab('Sign-in'));
    expect(screen.getByText('No image')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Upload an image for Logo'),
      new File([new Uint8Array(300)], 'logo.png', { type: 'image/png' }),
    );
    const image = await screen.findByRole('img', { name: 'Logo' });
    expect(image).toHaveAttribute('src', `/api${LOGO_PATH}`);
    expect(uploads).toEqual([{ customerId: 'c1', name: 'logo.png', type: 'image/png' }]);
    expect(screen.getByText(/Logo shown/)).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fieldValue(saved[0], 'sign-in', 'logo')).toBe(LOGO_PATH);
    await user.click(screen.getByRole('button', { name: 'Remove the image of Logo' }));
    expect(screen.queryByRole('img', { name: 'Logo' })).toBeNull();
    expect(screen.getByText('No image')).toBeInTheDocument();
  });

  it("says that a screen without its own logo shows the common screen's, as its preview does", async () => {
    const definition = structuredClone(DEFAULT_THEME_DEFINITION);
    definition.commonDefs = definition.commonDefs.map((field) =>
      field.id === 'logo' ? { ...field, value: LOGO_PATH } : field,
    );
    const { user } = renderAt('/theme/th1', { themes: [withDefinition(BRAND, definition)] });
    await nameBox();
    await user.click(tab('Sign-in'));
    expect(
      screen.getByText('Uses the image of the Common screen. Upload one to give this screen its own.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No image')).toBeNull();
    expect(screen.getByRole('img', { name: 'Logo of the Common screen' })).toHaveAttribute(
      'src',
      `/api${LOGO_PATH}`,
    );
    expect(screen.getByText(/Logo shown/)).toBeInTheDocument();
    // Its own logo is not there to remove.
    expect(screen.queryByRole('button', { name: 'Remove the image of Logo' })).toBeNull();
  });

  it('refuses a file that is not an image before sending it', async () => {
    const uploads: unknown[] = [];
    server.use(
      http.post(`${API}/whitelabelapp/files/upload`, ({ request }) => {
        uploads.push(request.url);
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    // A file dropped or picked without the dialog's filter: the editor checks it.
    const { user } = renderAt('/theme/th1', { user: { applyAccept: false } });
    await nameBox();
    await user.upload(
      screen.getByLabelText('Upload an image for Logo'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Upload a PNG, JPEG, SVG, WebP or GIF image.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Upload an image for Logo'),
      new File([new Uint8Array(1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('The image is larger than 1 MB: upload a smaller one.'),
    ).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('saves the name and the definition', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/theme/th1');
    const name = await nameBox();
    await user.clear(name);
    await user.type(name, 'Acme blue');
    await user.click(tab('Activation'));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Welcome');
    await save(user);
    await waitFor(() => expect(sent.some((one) => one.method === 'PUT')).toBe(true));
    const update = sent.find((one) => one.method === 'PUT')!;
    expect(update.path).toBe('/whitelabelapp/theme/update');
    const expected = structuredClone(DEFAULT_THEME_DEFINITION);
    expected.screenDefs[2].fields.find((field) => field.id === 'title')!.value = 'Welcome';
    expect(update.body).toEqual({
      id: 'th1',
      customerId: 'c1',
      name: 'Acme blue',
      themeDefinition: expected,
    });
    expect(await screen.findByText('Theme saved')).toBeInTheDocument();
  });

  it('keeps a theme a token pack shows read-only, says why, and offers no Save', async () => {
    const sent = recordRequests();
    renderAt('/theme/th2');
    expect(await nameBox()).toHaveAttribute('readonly');
    expect(
      screen.getByText(
        'This theme is assigned to token pack(s) Professional Token Pack, Free Token Pack and cannot be edited until another theme replaces it there.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(hex('Primary colour')).toHaveAttribute('readonly');
    expect(swatch('Primary colour')).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Upload an image for Logo')).toBeNull();
    expect(sent.filter((one) => one.method === 'PUT')).toEqual([]);
    expect(LOCKED.locked).toBe(true);
  });

  it('shows why the provider rejected the theme', async () => {
    renderAt('/theme/th3', { themes: [REJECTED] });
    await nameBox();
    expect(
      screen.getByText(
        'The provider rejected this theme: The logo is a trademark of another company. Saving it again makes it active.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of a save (409 THEME_LOCKED)", async () => {
    const { user } = renderAt('/theme/th1');
    // After the fixtures' handlers: the later one answers.
    server.use(
      http.put(`${API}/whitelabelapp/theme/update`, () =>
        HttpResponse.json(
          {
            messageKey: 'error.theme.locked',
            message:
              'This theme is assigned to a token pack and cannot be edited until another theme replaces it there.',
          },
          { status: 409 },
        ),
      ),
    );
    await user.type(await nameBox(), ' 2');
    await save(user);
    expect(
      await screen.findByText(
        'This theme is assigned to a token pack and cannot be edited until another theme replaces it there.',
      ),
    ).toBeInTheDocument();
  });
});

describe('rejecting a theme', () => {
  it('lets a provider operator inside the customer reject it with a reason', async () => {
    const rejections: unknown[] = [];
    server.use(
      http.post(`${API}/whitelabelapp/theme/reject`, async ({ request }) => {
        rejections.push(await request.json());
        return HttpResponse.json({ ...BRAND, status: 'REJECTED', rejectReason: 'Too dark' });
      }),
    );
    const { user } = renderAt('/theme/th1/show', { session: operatorInside });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the theme Acme brand?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Say why the theme is rejected.')).toBeInTheDocument();
    expect(rejections).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Too dark');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(rejections).toEqual([{ themeId: 'th1', customerId: 'c1', reason: 'Too dark' }]),
    );
    expect(await screen.findByText('Theme rejected')).toBeInTheDocument();
  });

  it('is not offered to the customer administrator', async () => {
    renderAt('/theme/th1/show');
    expect(await screen.findByText('Acme brand')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
