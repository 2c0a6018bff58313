import { certificateBody } from './certificate.ts';

/**
 * The PowerShell that federates a Microsoft 365 domain with an Office 365 SAML connector, or turns it back to
 * managed (cloud) sign-in, with the Microsoft Graph PowerShell SDK's domain federation cmdlets
 * (New-/Update-MgDomainFederationConfiguration, Update-MgDomain). Every value is a single-quoted PowerShell
 * string (a quote doubled), so nothing in a connector's fields is run as code.
 */

export interface FederationValues {
  connectorName: string;
  productName: string;
  domain: string;
  issuerUri: string;
  passiveSignInUri: string;
  signOutUri: string;
  metadataExchangeUri: string;
  certificate: string;
  protocol: 'saml' | 'wsFed';
}

/** A PowerShell single-quoted string literal: only `'` (and its typographic forms) need doubling. */
export const quote = (text: string): string =>
  `'${text.replace(/['\u2018\u2019\u201A\u201B]/g, (q) => q + q)}'`;

/** A comment line: no line breaks can end the comment early. */
const comment = (text: string) => `# ${text.replace(/[\r\n]+/g, ' ')}`;

const PREAMBLE = (title: string) => [
  comment(title),
  '# Run it in PowerShell 7 as an administrator of the Microsoft 365 tenant that holds the domain.',
  '# It needs the Microsoft Graph PowerShell SDK:',
  '#   Install-Module Microsoft.Graph.Identity.DirectoryManagement -Scope CurrentUser',
  '#Requires -Modules Microsoft.Graph.Identity.DirectoryManagement',
  "$ErrorActionPreference = 'Stop'",
  '',
];

export function federateScript(values: FederationValues): string {
  return [
    ...PREAMBLE(
      `Federates the Microsoft 365 domain ${values.domain} with ${values.productName} (connector "${values.connectorName}").`,
    ),
    '# Keep one cloud-only administrator account (on an onmicrosoft.com address): once the domain is',
    '# federated, its users sign in through the gateway.',
    '',
    `$domainId = ${quote(values.domain)}`,
    '$federation = @{',
    `  DisplayName                     = ${quote(values.connectorName)}`,
    `  IssuerUri                       = ${quote(values.issuerUri)}`,
    `  PassiveSignInUri                = ${quote(values.passiveSignInUri)}`,
    `  SignOutUri                      = ${quote(values.signOutUri)}`,
    `  MetadataExchangeUri             = ${quote(values.metadataExchangeUri)}`,
    `  SigningCertificate              = ${quote(certificateBody(values.certificate))}`,
    `  PreferredAuthenticationProtocol = ${quote(values.protocol)}`,
    "  FederatedIdpMfaBehavior         = 'acceptIfMfaDoneByFederatedIdp'",
    '}',
    '',
    "Connect-MgGraph -Scopes 'Domain.ReadWrite.All' -NoWelcome",
    '$existing = Get-MgDomainFederationConfiguration -DomainId $domainId',
    'if ($existing) {',
    '  Update-MgDomainFederationConfiguration -DomainId $domainId -InternalDomainFederationId $existing.Id @federation',
    '} else {',
    '  New-MgDomainFederationConfiguration -DomainId $domainId @federation',
    '}',
    'Get-MgDomainFederationConfiguration -DomainId $domainId |',
    '  Format-List DisplayName, IssuerUri, PassiveSignInUri, SignOutUri, PreferredAuthenticationProtocol',
    '',
  ].join('\n');
}

export function unfederateScript(
  values: Pick<FederationValues, 'domain' | 'productName' | 'connectorName'>,
): string {
  return [
    ...PREAMBLE(
      `Turns the Microsoft 365 domain ${values.domain} back to managed sign-in: its users stop signing in through ${values.productName} (connector "${values.connectorName}").`,
    ),
    '# Users of the domain then sign in with their Microsoft 365 passwords: make sure they have one.',
    '',
    `$domainId = ${quote(values.domain)}`,
    '',
    "Connect-MgGraph -Scopes 'Domain.ReadWrite.All' -NoWelcome",
    "Update-MgDomain -DomainId $domainId -AuthenticationType 'Managed'",
    'Get-MgDomain -DomainId $domainId | Format-List Id, AuthenticationType',
    '',
  ].join('\n');
}
