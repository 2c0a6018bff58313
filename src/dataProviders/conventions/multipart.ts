import { isRecordAnswer, MISSING_PARAMETER, namedQuery, toQuery, transportFor } from '../calls';
import type { ActionParams, Adapter, MultipartCall, ResourceEntry, SessionTransport } from '../types';

/** A File, or the value of a react-admin file input ({rawFile: File, src, title}). */
export const fileOf = (value: unknown): File | undefined => {
  if (value instanceof File) return value;
  const rawFile = (value as { rawFile?: unknown } | null)?.rawFile;
  return rawFile instanceof File ? rawFile : undefined;
};

/**
 * The multipart body of a create or update: the `json` (or `info`) part is a JSON Blob of the record's
 * fields without their file values. A resource with one image part (the default, `iconFile`) sends the
 * `iconFile` field's file there, else the first file found; a resource with several sends each named
 * field's file under its own name.
 */
export const recordForm = (
  data: Record<string, unknown>,
  part: 'json' | 'info',
  fileParts: readonly string[] = ['iconFile'],
): FormData => {
  const fields: Record<string, unknown> = {};
  const files: [string, File][] = [];
  for (const [name, value] of Object.entries(data)) {
    const file = fileOf(value);
    if (file) files.push([name, file]);
    else fields[name] = value;
  }
  const form = new FormData();
  form.append(part, new Blob([JSON.stringify(fields)], { type: 'application/json' }));
  if (fileParts.length > 1) {
    for (const [name, file] of files) if (fileParts.includes(name)) form.append(name, file, file.name);
    return form;
  }
  const [only = 'iconFile'] = fileParts;
  const icon = files.find(([name]) => name === only) ?? files[0];
  if (icon) form.append(only, icon[1], icon[1].name);
  return form;
};

/** A form with one file part (uploads such as a CSV of users). */
export const fileForm = (part: string, value: unknown): FormData => {
  const file = fileOf(value);
  if (!file) throw new Error(MISSING_PARAMETER);
  const form = new FormData();
  form.append(part, file, file.name);
  return form;
};

/**
 * Multipart create and update (create answers `{...data, id}` from the answer's id), and the upload actions:
 * the file at params[part] sent as that part, answering {data: json}.
 */
export const multipartConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const wire = transportFor(entry, ctx);
  const part = entry.multipartPart ?? 'json';
  const send = async (spec: MultipartCall, params: Record<string, unknown>, data: Record<string, unknown>) =>
    (
      await wire.send<{ id?: string | number } | null>(
        spec.method,
        wire.path(spec.path, params),
        recordForm(data, part, entry.multipartFiles),
      )
    ).json;
  const methods: Adapter = {};
  const { create, update } = entry;
  if (create?.by === 'multipart') {
    methods.create = async (_, params) => {
      const json = await send(create, { ...params }, params.data);
      return { data: { ...params.data, ...(isRecordAnswer(json) ? json : {}), id: json?.id } };
    };
  }
  if (update?.by === 'multipart') {
    methods.update = async (_, params) => {
      await send(update, { ...params }, params.data);
      return { data: { ...params.data, id: params.id } };
    };
  }
  for (const [name, spec] of Object.entries(entry.actions ?? {})) {
    if (spec.by !== 'upload') continue;
    methods[name] = async (_: string, params: ActionParams = {}) => {
      const form = fileForm(spec.part, params[spec.part]);
      const path = wire.path(spec.path, params) + toQuery(namedQuery(spec.query, params, ctx));
      return { data: (await wire.send<unknown>(spec.method, path, form)).json };
    };
  }
  return methods;
};
