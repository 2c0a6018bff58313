/**
 * The setup wizard of a service (docs/requirements/portal-routes-and-menus.md setup wizard, VPN and Office 365; docs/requirements/billing-services-states.md Service wizard):
 * `portal.wizard.*`. Translators: edit the strings, keep the keys and the %{placeholders}.
 */
export const wizard = {
  title: 'Setup wizard',
  loading: 'Loading the setup wizard…',
  stepsLabel: 'Setup steps',
  stepOf: 'Step %{current} of %{total}: %{title}',
  openService: 'Open the service page',
  openServices: 'Open the services',
  connectorsFailed: 'Error: Get All Connectors Failed',
  kinds: { vpn: 'VPN setup', office365: 'Office 365 setup' },
  setup: {
    title: 'Setup',
    intro:
      'The token packs whose setup is not finished, with their services. The setup wizard of a VPN or Office 365 service takes you through its directory and connector.',
    done: 'Every token pack is set up.',
    failed: 'The token packs could not be read. Reload the page to try again.',
    runWizard: 'Setup wizard',
    noWizard: 'No setup wizard: set it up on its service page',
    noService: 'This token pack has no service yet.',
    launch: 'Launch a service',
    servicesOf: 'Services of %{name}',
  },
  none: {
    title: 'No setup wizard',
    body: 'There is no setup wizard for %{name}: set it up on its service page.',
  },
  steps: {
    welcome: 'Welcome',
    directory: 'Directory',
    radius: 'RADIUS connector',
    saml: 'Office 365 connector',
    finish: 'Finish',
  },
  nav: { back: 'Back', next: 'Next', start: 'Start', finish: 'Finish setup' },
  welcome: {
    vpn: {
      heading: 'Two-factor sign-in for your VPN',
      intro:
        'This wizard sets up %{name} so that your VPN asks the gateway for a second factor over RADIUS. You will:',
      directory: 'choose the directory whose users sign in to the VPN;',
      radius: 'add your VPN as a RADIUS client of the gateway, and get its shared secret;',
      finish: 'see the settings to enter in your VPN, and start the service.',
    },
    office365: {
      heading: 'Two-factor sign-in for Office 365',
      intro:
        'This wizard sets up %{name} so that your Microsoft 365 users sign in through the gateway, with a second factor. You will:',
      directory: 'choose the directory whose users sign in to Microsoft 365;',
      saml: 'choose the Office 365 connector and name your Microsoft 365 domain;',
      finish: 'get the PowerShell script that federates the domain with the gateway.',
    },
    completed: 'This service was set up already. Go through the steps again to change its settings.',
  },
  directory: {
    intro: 'Choose the directory whose users sign in through this service.',
    label: 'Directory',
    required: 'Choose a directory to continue.',
    add: 'Add a directory',
    noneTitle: 'No directory yet.',
    noneBody:
      'Add the directory your users come from (it opens in a new tab), then come back here to choose it.',
  },
  assign: {
    saved: 'The service settings were saved.',
    confirmTitle: 'Warning connector setting!',
    confirmContent:
      '%{connectors} is used by %{services}. A connector serves one service only: it will be removed from %{services}, which will stop working through it. Do you want to use it for this service?',
  },
  radius: {
    intro:
      'Choose the RADIUS connector of your VPN: the gateway answers RADIUS requests from its IP address only.',
    label: 'RADIUS connector',
    required: 'Choose a RADIUS connector, or add one, to continue.',
    none: 'You have no RADIUS connector yet: add one for your VPN.',
    addTitle: 'Add a RADIUS connector',
    name: 'Name',
    nameRequired: 'Enter a name of at most 100 characters.',
    ipAddress: 'VPN IP address',
    ipHelp: 'The address your VPN sends its RADIUS requests from (IPv4 or IPv6).',
    ipInvalid: 'Enter an IPv4 address (10.0.0.5) or an IPv6 address (2001:db8::5).',
    create: 'Add',
    created: 'RADIUS connector created',
    secret: {
      title: 'Shared secret',
      body: 'Enter this shared secret in your VPN, with this gateway as its RADIUS server (the port is on the last step). The gateway shows it only now: this wizard keeps it until you leave it, so copy it before you do.',
      label: 'Shared secret',
    },
  },
  saml: {
    intro:
      'Choose the Office 365 connector that signs your Microsoft 365 users in, and the domain to federate.',
    label: 'Office 365 connector',
    required: 'Choose an Office 365 connector, or add one, to continue.',
    none: 'You have no Office 365 connector yet: add one.',
    addTitle: 'Add an Office 365 connector',
    addHelp:
      'It starts from your provider’s SAML settings; you can change them later on the connector’s page.',
    name: 'Name',
    nameRequired: 'Enter a name of at most 100 characters.',
    create: 'Add',
    created: 'Office 365 connector created',
    domain: 'Microsoft 365 domain',
    domainHelp: 'A domain of your Microsoft 365 tenant, such as contoso.com.',
    domainInvalid: 'Enter a domain name, such as contoso.com.',
  },
  finish: {
    completed: 'The setup of %{name} is complete.',
    vpn: {
      intro: 'Enter these settings as the RADIUS authentication server of your VPN.',
      server: 'RADIUS server',
      secret: 'Shared secret',
      reveal: 'Show the shared secret',
      hide: 'Hide the shared secret',
      secretElsewhere:
        'The gateway shows a shared secret only once, when the RADIUS connector is made. If you did not keep it, make a new one on the connector’s page (the old one then stops working).',
      openConnector: 'Open the RADIUS connector',
      noIpAddress:
        'This RADIUS connector has no IP address yet: the gateway answers your VPN only once it knows the address the VPN sends its requests from.',
      setIpAddress: 'Enter the IP address',
      service: 'Service',
      start: 'Start',
      started: 'The service is started.',
      stopped: 'The service is stopped: its users cannot sign in through it until it is started.',
    },
    office365: {
      intro:
        'Run this script in PowerShell as an administrator of your Microsoft 365 tenant, with the Microsoft Graph PowerShell SDK: it federates %{domain} with the gateway.',
      script: 'Federation script',
      missing: 'Choose the Office 365 connector and name the domain at the previous step.',
      failed: 'The federation script could not be made.',
    },
  },
};
