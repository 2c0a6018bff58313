import { CALL_FAMILIES, RESOURCE_CONTRACTS } from '../../../contract/index.ts';
import { routesOf, routesOfFamily, toRouteUrl } from '../../../contract/kit.ts';
import { sharedTestContext } from '../helpers.ts';

/** The API described: the OpenAPI document at /api/docs/json and Swagger UI at /api/docs. */

const ctx = sharedTestContext();

/** OpenAPI writes path parameters as `{name}`. */
const openApiPath = (template: string) => `/api${toRouteUrl(template).replace(/:(\w+)/g, '{$1}')}`;

describe('the OpenAPI document', () => {
  it('describes every call of the contracts with its summary, its parameters and its error answers', async () => {
    const answer = await ctx.call('GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    const document = answer.body;
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Test Portal API');

    const routes = [...RESOURCE_CONTRACTS.flatMap(routesOf), ...CALL_FAMILIES.flatMap(routesOfFamily)];
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${openApiPath(route.template)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const operation = document.paths[openApiPath(route.template)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${key} is missing`);
        continue;
      }
      if (operation.summary !== route.info.summary) problems.push(`${key} has another summary`);
      for (const status of ['400', '500', ...(route.info.errors ?? []).map(String)]) {
        if (!operation.responses[status]) problems.push(`${key} does not document ${status}`);
      }
      const guarded = !route.info.access.public;
      if (guarded && !operation.responses['401']) problems.push(`${key} does not document 401`);
      if (guarded && !operation.security) problems.push(`${key} does not say it takes a token`);
      if (!guarded && operation.security) problems.push(`${key} asks a public call for a token`);
    }
    expect(problems).toEqual([]);
    expect(document.components.schemas.ErrorBody.required).toEqual(['messageKey', 'message']);
    expect(
      document.paths['/api/customer/{id}'].get.responses['404'].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });

  it('documents a path parameter, a body and the rate limit where a call has them', async () => {
    const { body: document } = await ctx.call('GET', '/api/docs/json');
    const getCustomer = document.paths['/api/customer/{id}'].get;
    expect(getCustomer.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    const signin = document.paths['/api/auth/signin'].post;
    expect(Object.keys(signin.requestBody.content['application/json'].schema.properties)).toEqual([
      'login',
      'password',
      'state',
    ]);
    expect(signin.responses['429']).toBeDefined();
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });
});

describe('Swagger UI', () => {
  it('is served at /api/docs from files of the portal, without a token', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    const html =
      page.statusCode === 302
        ? (await ctx.app.inject({ method: 'GET', url: String(page.headers.location) })).body
        : page.body;
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
