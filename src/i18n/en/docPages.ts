import { type DocPageBody, type DocPageId, docsShell } from './docs';

/**
 * The documentation pages' bodies: each page's lead and sections (./docs.ts says how they are written).
 * Conventions: a portal screen is named as its menu shows it, with its path in parentheses, e.g.
 * 'Connectors > RADIUS (/radius)'; buttons and fields are named as the screens label them. The product's own
 * addresses are written https://<your portal>/… with the paths the gateway gives them.
 */
const bodies = {
  overview: {
    lead: '%{productName} adds a second factor to the sign-ins of your VPNs, cloud applications and web services. Users type their usual password, then approve the sign-in on their phone with the V-Key app.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: 'A user signs in to a VPN or an application with their directory username and password.',
          2: 'The VPN or application hands the sign-in to %{productName} over RADIUS, SAML2.0 (Office 365 included), OpenID Connect (OIDC) or HTTPS.',
          3: "%{productName} checks the user against your organisation's directory (LDAP or Active Directory, Azure AD, or a REST service).",
          4: "%{productName} sends a push request to the user's V-Key app; the user checks it and approves.",
          5: 'Only then does the VPN or application let the user in. A rejected or unanswered request ends the sign-in.',
        },
      },
      who: {
        heading: 'Who does what',
        items: {
          1: 'Provider operators manage customers, service templates, roles and the provider settings. They can open a customer with Manage to help its administrators.',
          2: 'Customer administrators subscribe to a plan, connect their directories, create connectors, launch services, send activation codes to their users and read the Audit Log (/audit) of their organisation.',
          3: 'End users activate the V-Key app once with the activation code they receive by email, then approve their sign-ins with it. They do not need a portal account.',
          4: 'Anyone with a portal account can have the V-Key app approve their own portal sign-ins (My Account > Security (/my-account/security)) and sign in by scanning a QR code.',
        },
      },
      concepts: {
        heading: 'Main concepts in the portal',
        items: {
          1: 'Directories (/ldap): where your users come from (LDAP or Active Directory, Azure AD, or a REST service). Test Connection checks the settings; Synchronise users brings the users in.',
          2: 'Connectors: how a VPN or an application talks to %{productName}. RADIUS (/radius) for VPNs, SAML2.0 (/saml2) and OIDC (/oidc) for applications, Office 365 (/saml) for Microsoft 365 domains and HTTPS (/https) for your own applications.',
          3: 'Services (/service-launch): a protected VPN or application, launched from a template your provider publishes, with its directory and connectors. A new service is stopped until you start it.',
          4: "Subscriptions (/subscription) and Token Packs (/token-pack-v2): a subscription brings a token pack; the token pack's users (from its primary directory) get the activation codes of the V-Key app.",
          5: 'Audit Log (/audit): who changed which account, directory, connector, service or token pack, and when.',
        },
      },
      start: {
        heading: 'Getting started',
        steps: {
          1: 'Sign in to the portal as a customer administrator. A new organisation signs up first at /signup.',
          2: 'Open Subscriptions (/subscription) and subscribe to a plan: its token pack appears under Token Packs (/token-pack-v2).',
          3: 'Open Directories (/ldap), add your directory, select Test Connection, save, then Synchronise users.',
          4: 'Under Connectors, create the connector your VPN or application needs, following its guide, and configure the VPN or application with the values the connector shows.',
          5: 'Open Services (/service-launch), select Launch a service, choose the template, your subscription, token pack and connectors, and Launch. On the service page, select Start.',
          6: 'Open Token Packs (/token-pack-v2), open the token pack and check its primary directory, then open Activation codes, select Generate and send the codes with Send Mail.',
          7: 'Ask a test user to activate the V-Key app and sign in. Then roll out to everyone.',
        },
      },
      next: {
        heading: 'Where to go next',
        paragraphs: {
          1: 'The Solutions pages explain each kind of integration (RADIUS, SAML2.0, OIDC). The Guidelines give step-by-step instructions for common VPNs and applications. The FAQ answers the questions users ask most.',
        },
      },
    },
  },
  faq: {
    lead: 'Short answers to the questions users and administrators ask most often. If yours is not here, ask your administrator, write to us through the contact form or open a support ticket.',
    sections: {
      signUp: {
        heading: 'How do I sign up my organisation?',
        paragraphs: {
          1: 'Select Sign Up in the top bar (or open /signup), enter your name, company, phone, email address and password, and agree to the terms of use and the privacy policy. %{productName} emails an activation link to that address: it works once and expires after 72 hours. Once you have opened it, sign in and subscribe to a plan under Subscriptions.',
        },
      },
      forgotPassword: {
        heading: 'I forgot my password.',
        paragraphs: {
          1: 'For your portal account, select Forgot password? on the sign-in page (or open /forgot-password) and enter your email address. The emailed link expires after 60 minutes and works once; setting a new password with it signs you out everywhere. A VPN or application asks for your directory password: your IT team resets that one.',
        },
      },
      recoveryEmail: {
        heading: 'How do I add a recovery email?',
        paragraphs: {
          1: 'Open My Account > Profile (/my-account/profile), enter a recovery email address and save. %{productName} sends it a verification link, valid for 24 hours: open it to verify the address. From then on, Forgot password? can send the reset link to your recovery email instead, for example when you can no longer read your work email.',
        },
      },
      appSignIn: {
        heading: 'How do I make my portal sign-in ask the V-Key app?',
        paragraphs: {
          1: 'Activate the V-Key app first, with an activation code from your administrator. Then open My Account > Security (/my-account/security) and, under Sign-in with the V-Key app, select Turn on. Your password alone then no longer signs you in: approve the request in the app, or type the 6-digit code it shows.',
        },
      },
      lostPhone: {
        heading: 'I lost my phone or got a new one. What do I do?',
        paragraphs: {
          1: "Tell your administrator. They re-generate your activation code and send it to you; install the V-Key app on the new phone and activate it with the new code. Re-generating a code does not switch off an app already activated on the old phone: if someone else may have it, change your password at once. Your administrator can also set your user's Status to Inactive under Users (/users): your sign-ins through the services are refused until it is Active again.",
        },
      },
      newCode: {
        heading: 'My activation code has expired or does not work.',
        paragraphs: {
          1: 'An activation code works once, and expires 30 days after it was made: its status is then Expired instead of New or Activated. Ask your administrator for a new one. They open Token Packs (/token-pack-v2), the token pack, then Activation codes, and choose Re-generate and Send by email for your user.',
        },
      },
      qrExpired: {
        heading: "The QR code on the sign-in page says 'QR code expired'.",
        paragraphs: {
          1: 'Sign-in QR codes are valid for a short time only. Select Refresh QR Code and scan the new code with the V-Key app right away.',
        },
      },
      noPush: {
        heading: "I don't receive the approval request on my phone.",
        paragraphs: {
          1: 'Check that the phone is online and that notifications are allowed for the V-Key app, then open the app: pending requests show when it starts. If it still fails, your administrator can open Users (/users), your user and its Troubleshooting log, which shows your devices, your last sign-in and your last approval.',
        },
      },
      unexpectedPush: {
        heading: "I got an approval request I didn't expect.",
        paragraphs: {
          1: 'Reject it. Someone may know your password: change it and tell your administrator, who can check your last sign-in in your Troubleshooting log.',
        },
      },
      radiusTimeout: {
        heading: 'My VPN gives up before I can approve the sign-in.',
        paragraphs: {
          1: "The VPN's RADIUS timeout is too short. Set it to at least 60 seconds so users have time to take out their phone and approve, and set retries to 1 so a slow approval does not send a second request.",
        },
      },
      connectorInUse: {
        heading: "Launching a service says 'Warning connector setting!'.",
        paragraphs: {
          1: 'A connector serves one service only, and another service uses the one you chose. If you answer Yes, the connector moves to the new service and the old service stops working through it. Answer No and choose or create another connector if both must keep working.',
        },
      },
      contact: {
        heading: 'How do I contact the operator of %{productName}?',
        paragraphs: {
          1: 'Use the contact form at /contact-us: your name, email address, a subject and your message (company and phone are optional). For a problem with the service, you can also open a ticket from FAQ/Ticket in the top bar.',
        },
      },
    },
  },
  solutionRadius: {
    lead: 'Most VPNs can ask a RADIUS server whether a user may connect. Add your VPN as a RADIUS connector in %{productName}, and every VPN sign-in needs the directory password and an approval in the V-Key app.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: 'The user connects to the VPN (for example vpn.example.com) with their directory username and password.',
          2: "The VPN sends a RADIUS Access-Request to the gateway's RADIUS server on UDP port 1812, protected with the connector's shared secret.",
          3: "%{productName} checks the user against your directory, then sends a push request to the user's V-Key app.",
          4: 'When the user approves, %{productName} answers Access-Accept and the VPN connects; a rejection or no answer gives Access-Reject.',
        },
      },
      fits: {
        heading: 'What you need',
        items: {
          1: 'A VPN or other network device that supports RADIUS authentication with PAP.',
          2: "The IP address the VPN's RADIUS requests come from (for example 192.0.2.10). A RADIUS connector (Connectors > RADIUS (/radius)) has a Name and this IP address, and the gateway answers requests from that address only; one IP address belongs to one connector.",
          3: "The address of the gateway's RADIUS server, given by the operator of your gateway (the setup wizard of a VPN service shows this portal's host name as the RADIUS server), and its port, 1812.",
          4: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      notes: {
        heading: 'Good to know',
        items: {
          1: 'Set the VPN RADIUS timeout to at least 60 seconds, so users have time to approve.',
          2: 'Set RADIUS retries to 1: a retry of a pending request would send the user a second push.',
          3: "The gateway makes the shared secret and shows it only once, when the connector is created. If it is lost, New shared secret on the connector's page makes another one, and the old one stops working at once.",
        },
      },
      setup: {
        heading: 'Set it up',
        paragraphs: {
          1: "Follow the VPN guide for the step-by-step setup, including how to check that it works. A VPN service's Setup wizard (on the service page) also takes you through its directory, its RADIUS connector and the settings to enter in the VPN.",
        },
      },
    },
  },
  solutionSaml2: {
    lead: '%{productName} acts as a SAML2.0 identity provider. Cloud applications that support SAML single sign-on send their users to %{productName}, which checks the password and the V-Key approval and returns a signed assertion.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: 'The user opens the application (the service provider), for example https://gitlab.example.com, and chooses to sign in with single sign-on.',
          2: "The application redirects the browser to the connector's single sign-on URL, https://<your portal>/saml2/<URL suffix>/sso, with a SAML authentication request.",
          3: 'The user enters their directory username and password, then approves the push request in the V-Key app.',
          4: "%{productName} posts a signed SAML response to the application's assertion consumer service (ACS) URL, and the user is signed in.",
        },
      },
      values: {
        heading: 'The values you exchange',
        items: {
          1: 'From the application to the SAML2.0 connector (Connectors > SAML2.0 (/saml2)): its Entity ID and its Assertion consumer service URL, and the NameID format it expects. Start from fills in the rest for GitLab, Zoom, Amazon Web Services, WordPress, Assembla, Ingram Micro Cloud and V-OS Cloud.',
          2: "From the connector to the application, on the connector's Gateway tab: the Entity ID (issuer) https://<your portal>/saml2/<URL suffix>, the Single sign-on URL (…/sso), the Single logout URL (…/slo) and the Metadata URL https://<your portal>/api/idm-config/connectors/saml2/xml/<URL suffix>. Download metadata saves the same XML, which also holds the signing certificate.",
          3: 'Signature algorithm: SHA-256 by default (SHA-512 and SHA-1 are offered too). Sign response and Sign assertion are on by default.',
          4: 'Attribute mapping sends user properties (Username, Email, Display name, Mobile phone, User ID) under the attribute names the application reads; Created attributes send fixed values.',
        },
      },
      apps: {
        heading: 'Applications with a guide',
        paragraphs: {
          1: "GitLab, Zoom, AWS, WordPress, Assembla, Ingram Micro and V-OS Cloud. Office 365 has its own connector, Connectors > Office 365 (/saml), and a federation script. Any other application that supports SAML2.0 single sign-on can be connected the same way: choose 'Another service provider' in Start from.",
        },
      },
      setup: {
        heading: 'Set it up',
        steps: {
          1: "Open Connectors > SAML2.0 (/saml2), select Create, choose the application in Start from, and enter a URL suffix and the application's Entity ID and Assertion consumer service URL. Save.",
          2: "On the connector's Gateway tab, copy the single sign-on URL and the Entity ID (issuer), or select Download metadata, and enter them in the application's single sign-on settings.",
          3: "Open Services (/service-launch), select Launch a service, choose the application's template, your subscription and token pack, and this connector under Connectors. Launch, then select Start on the service page.",
          4: 'Test with one user before you make single sign-on mandatory in the application.',
        },
      },
    },
  },
  solutionOidc: {
    lead: '%{productName} is also an OpenID Connect (OIDC) provider. Applications such as Salesforce and WordPress send their users to %{productName} for sign-in and receive an ID token once the user has approved in the V-Key app.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: "The user chooses to sign in with %{productName} on the application's sign-in page.",
          2: "The application redirects the browser to the client's authorization endpoint with its client ID and redirect URL.",
          3: 'The user enters their directory password and approves the push request in the V-Key app.',
          4: 'The application receives an authorization code at its redirect URL, exchanges it (with its client secret) at the token endpoint for tokens, and signs the user in.',
        },
      },
      values: {
        heading: 'The values you exchange',
        items: {
          1: 'From the application to the OIDC client (Connectors > OIDC (/oidc)): a Client name and its Redirect URLs, one per line, in https (or http on localhost), for example https://example.my.salesforce.com/services/authcallback/Gateway.',
          2: "From the client to the application: the Client ID, the Client secret (Show client secret on the client's page) and the Endpoints the page lists.",
          3: 'The endpoints: Issuer https://<your portal>/realms/<realm>, Discovery document …/.well-known/openid-configuration, Authorization endpoint …/protocol/openid-connect/auth, Token endpoint …/protocol/openid-connect/token, UserInfo endpoint …/protocol/openid-connect/userinfo, JWKS …/protocol/openid-connect/certs and End session endpoint …/protocol/openid-connect/logout. Copy them from the client’s page: the realm is your organisation’s.',
          4: 'Scopes: openid, plus email and profile so the application can match the user.',
          5: 'New client secret replaces the secret at once: the application must then be given the new one.',
        },
      },
      setup: {
        heading: 'Set it up',
        paragraphs: {
          1: 'Follow the Salesforce (OIDC) or WordPress (OIDC) guide for the step-by-step setup.',
        },
      },
    },
  },
  mobileApp: {
    lead: 'The V-Key app is your second factor. Once activated, it shows each sign-in that needs your approval, and with a portal account you can sign in to %{productName} by scanning a QR code.',
    sections: {
      what: {
        heading: 'What the app does',
        items: {
          1: 'Approves or rejects sign-ins to your VPN and applications with a push request.',
          2: 'With a portal account: signs you in by scanning the QR code on the sign-in page, and approves your password sign-ins once you turn that on under My Account > Security (/my-account/security).',
          3: 'Keeps its keys on your phone: another phone needs its own activation code.',
        },
      },
      prerequisites: {
        heading: 'Before you start',
        items: {
          1: 'A smartphone with internet access, running a current version of iOS or Android.',
          2: 'The V-Key app, installed from the App Store or Google Play.',
          3: 'The activation email from your administrator, with your activation code and its QR code. A code works once and expires 30 days after it was made.',
        },
      },
      activate: {
        heading: 'Activate the app',
        steps: {
          1: 'Open the activation email on your computer, or have the activation QR code at hand.',
          2: 'Open the V-Key app on your phone and start its activation.',
          3: 'Scan the activation QR code with the app. If you cannot scan it, type the activation code instead.',
          4: 'Allow notifications when the app asks, so it can show approval requests.',
          5: 'Wait for the app to confirm that the account is active.',
        },
      },
      approve: {
        heading: 'Approve a sign-in',
        steps: {
          1: 'Sign in to the VPN or application with your username and password as usual.',
          2: 'A notification from the V-Key app appears on your phone; open it.',
          3: 'Check that the request is for the sign-in you just started. If you did not just sign in, reject it.',
          4: 'Approve. The VPN or application continues the sign-in.',
        },
      },
      qr: {
        heading: 'Sign in to the portal with a QR code',
        steps: {
          1: 'Open the portal sign-in page (/login) and choose the QR Code Login tab.',
          2: 'Scan the QR code on the screen with the V-Key app. On the phone itself, tap the QR code instead to open the app.',
          3: 'Approve in the app; the portal signs you in.',
          4: 'If the code shows QR code expired, select Refresh QR Code and scan again.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Sign in to a protected VPN or application: an approval request should reach your phone within a few seconds. If it does not, see the FAQ.',
        },
      },
    },
  },
  vpn: {
    lead: 'Protect your VPN (for example vpn.example.com) with a RADIUS connector: users sign in with their directory password and approve in the V-Key app.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'Administrator access to the VPN, which must support RADIUS authentication with PAP.',
          2: "The IP address the VPN's RADIUS requests come from, for example 192.0.2.10.",
          3: 'A subscription with its token pack, and a directory under Directories (/ldap) that holds the VPN users, synchronised.',
          4: "The address of the gateway's RADIUS server, given by the operator of your gateway, and UDP port 1812 open from the VPN to it.",
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Connectors > RADIUS (/radius) and select Create. Enter a Name (for example Office VPN) and the IP address the VPN sends its requests from (192.0.2.10), and save.',
          2: "Copy the Shared secret the portal shows: it is shown only this once. If it is lost, New shared secret on the connector's page makes another one.",
          3: 'Open Services (/service-launch), select Launch a service and choose the VPN template. Choose the Subscription, the Token pack and a Name, then your directory and the RADIUS connector under Connectors, and select Launch.',
          4: 'On the service page, select Start. (Its Setup wizard can add the RADIUS connector instead of steps 1 and 2; its last step shows the RADIUS server, the port and the shared secret.)',
          5: "On the VPN, add a RADIUS authentication server: the gateway's RADIUS server address, port 1812, the shared secret and the PAP protocol.",
          6: 'On the VPN, set the RADIUS timeout to at least 60 seconds and the retries to 1, so users have time to approve.',
          7: 'On the VPN, use the new RADIUS server to authenticate the VPN users (for example in the VPN portal or connection profile).',
          8: "Open Token Packs (/token-pack-v2), open the service's token pack, select Activation codes, then Generate, and send the codes to the users with Send Mail.",
        },
      },
      check: {
        heading: 'Check it works',
        steps: {
          1: 'Activate the V-Key app of a test user.',
          2: 'Connect to vpn.example.com as that user with their directory password.',
          3: 'Approve the request in the V-Key app: the VPN connects. Reject it once too: the VPN must refuse the connection.',
        },
      },
      troubleshooting: {
        heading: 'If it does not work',
        items: {
          1: "No push and an immediate failure: check that the service is started, the shared secret, and that the connector's IP address is the one the requests really come from.",
          2: 'The VPN gives up while the user approves: raise the RADIUS timeout to 60 seconds or more.',
          3: "Wrong password errors: check the user's directory password, and the directory with Test Connection under Directories (/ldap).",
          4: "To see whether the user's phone got and approved the request, open Users (/users), the user and its Troubleshooting log.",
        },
      },
    },
  },
  vosCloudSaml2: {
    lead: 'Let your administrators sign in to the V-OS Cloud console through %{productName}, with their directory password and a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'An administrator account in V-OS Cloud that can change its single sign-on settings.',
          2: 'The Entity ID and assertion consumer service (ACS) URL of your V-OS Cloud tenant, shown in its single sign-on settings.',
          3: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Connectors > SAML2.0 (/saml2), select Create and choose V-OS Cloud in Start from: the NameID is sent in the Unspecified format with the Username, and email and displayName are sent as attributes.',
          2: 'Enter a URL suffix (for example vos-cloud) and the V-OS Cloud Entity ID and Assertion consumer service URL, and save.',
          3: "On the connector's Gateway tab, select Download metadata, or copy the Metadata URL.",
          4: 'In V-OS Cloud, open the single sign-on (SAML2.0) settings and load the metadata, or enter the Entity ID (issuer), the Single sign-on URL and the certificate it contains.',
          5: 'Make sure each V-OS Cloud administrator has the same username as in your directory: it is the NameID V-OS Cloud receives.',
          6: 'Open Services (/service-launch), launch the V-OS Cloud template with this connector under Connectors, and select Start on the service page.',
          7: 'Keep one local V-OS Cloud administrator able to sign in without single sign-on until you have checked it.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open V-OS Cloud in a private browser window and choose single sign-on. You are sent to %{productName}; enter your password, approve in the V-Key app, and the V-OS Cloud console opens.',
        },
      },
    },
  },
  office365: {
    lead: 'Federate your Microsoft 365 domain (for example example.com) with %{productName}: Office 365 sign-ins for that domain go through %{productName} and need a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A Microsoft 365 tenant where your domain (example.com) is added and verified, and a Global Administrator account.',
          2: 'A cloud-only administrator account on the tenant’s onmicrosoft.com domain: federated accounts cannot fix the federation if it fails.',
          3: 'Your users in a directory under Directories (/ldap), such as Azure AD or Active Directory.',
          4: 'PowerShell with the Microsoft Graph PowerShell SDK: the script signs in to Microsoft Graph with the Domain.ReadWrite.All permission.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services (/service-launch), select Launch a service and choose the Office 365 template. Choose the Subscription, the Token pack, a Name and your directory, and select Launch.',
          2: 'On the service page, select Setup wizard. After the Welcome step, choose your directory if it asks for one.',
          3: 'At the Office 365 connector step, choose a connector, or Add one (they are kept under Connectors > Office 365 (/saml)), and enter the Microsoft 365 domain, example.com.',
          4: "At the Finish step, copy or download the Federation script. The connector's Federation script tab makes the same script: enter the Domain, choose Federate and select Make the script.",
          5: 'Run the script in PowerShell and sign in as the Global Administrator when asked. It switches the domain from managed to federated sign-in with %{productName}.',
          6: 'Select Start on the service page, then send your users their activation codes: Token Packs (/token-pack-v2), the token pack, Activation codes, Generate and Send Mail.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'In a private browser window, open https://portal.office.com and enter user@example.com. You are sent to %{productName}; enter the directory password, approve in the V-Key app, and Office 365 opens.',
        },
      },
      rollback: {
        heading: 'Undo the federation',
        paragraphs: {
          1: "On the connector's Federation script tab, choose Unfederate, select Make the script and run it the same way: the domain goes back to Microsoft 365 passwords. Do this before you delete the connector. Federation changes can take a few minutes to apply.",
        },
      },
    },
  },
  ingramMicroSaml2: {
    lead: 'Connect your Ingram Micro Cloud Marketplace account to %{productName}, so your staff sign in with their directory password and a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'Single sign-on enabled for your Ingram Micro account; ask your Ingram Micro account manager if the setting is missing.',
          2: 'The Entity ID and assertion consumer service (ACS) URL Ingram Micro gives you for single sign-on.',
          3: 'Users whose email address in your directory matches their Ingram Micro user name, and who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Connectors > SAML2.0 (/saml2), select Create and choose Ingram Micro Cloud in Start from: the NameID is the Email, in the Email address format.',
          2: 'Enter a URL suffix (for example ingram-micro) and the Ingram Micro Entity ID and Assertion consumer service URL, and save.',
          3: "On the connector's Gateway tab, select Download metadata, or copy the Metadata URL.",
          4: 'In Ingram Micro, open the single sign-on settings, choose SAML2.0 and load the metadata, or enter the Entity ID (issuer), the Single sign-on URL and the certificate it contains.',
          5: 'Open Services (/service-launch), launch the Ingram Micro template with this connector under Connectors, and select Start on the service page.',
          6: 'Turn on single sign-on in Ingram Micro for a test user first, then for everyone.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Sign in to Ingram Micro as the test user: you are sent to %{productName}, and after the password and the V-Key approval you land in your Ingram Micro account.',
        },
      },
    },
  },
  gitlabSaml2: {
    lead: 'Add %{productName} as a SAML2.0 sign-in option to your self-managed GitLab at https://gitlab.example.com.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'Administrator (root) access to the GitLab server, to edit /etc/gitlab/gitlab.rb.',
          2: 'GitLab served over HTTPS, for example https://gitlab.example.com.',
          3: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Connectors > SAML2.0 (/saml2), select Create and choose GitLab in Start from: the NameID is the Username, in the Persistent format, and email, name and username are sent as attributes.',
          2: 'Enter a URL suffix (for example gitlab), the Entity ID https://gitlab.example.com and the Assertion consumer service URL https://gitlab.example.com/users/auth/saml/callback, and save.',
          3: 'On the Gateway tab, note the Single sign-on URL, and select Download metadata: the signing certificate is in its X509Certificate element.',
          4: 'In /etc/gitlab/gitlab.rb, add a saml OmniAuth provider with: issuer https://gitlab.example.com, assertion_consumer_service_url as above, idp_sso_target_url set to the Single sign-on URL, idp_cert set to the certificate (or idp_cert_fingerprint to its SHA-1 fingerprint), and name_identifier_format urn:oasis:names:tc:SAML:2.0:nameid-format:persistent.',
          5: "In the same file, allow the provider: set gitlab_rails['omniauth_allow_single_sign_on'] to ['saml'], and gitlab_rails['omniauth_auto_link_user'] to ['saml'] to link existing users by email.",
          6: 'Apply the change with sudo gitlab-ctl reconfigure.',
          7: 'In the portal, open Services (/service-launch), launch the GitLab template with this connector under Connectors, and select Start on the service page.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://gitlab.example.com/users/sign_in: a SAML button appears. Select it, sign in with your directory password and approve in the V-Key app; GitLab opens, signed in as you.',
        },
      },
    },
  },
  zoomSaml2: {
    lead: 'Let your users sign in to Zoom with single sign-on through %{productName}.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A Zoom Business, Education or Enterprise account with an approved vanity URL, for example example.zoom.us.',
          2: 'A Zoom owner or administrator with access to Advanced, then Single Sign-On.',
          3: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Connectors > SAML2.0 (/saml2), select Create and choose Zoom in Start from: the NameID is the Email, in the Email address format, and email, displayName and phoneNumber are sent as attributes.',
          2: 'Enter a URL suffix (for example zoom), the Entity ID example.zoom.us and the Assertion consumer service URL https://example.zoom.us/saml/SSO, and save.',
          3: 'On the Gateway tab, note the Entity ID (issuer) and the Single sign-on URL, and select Download metadata: the signing certificate is in its X509Certificate element.',
          4: 'In the Zoom web portal, open Advanced, then Single Sign-On, and enable it.',
          5: 'Enter the Single sign-on URL as Sign-in page URL, the certificate as Identity provider certificate, example.zoom.us as Service Provider (SP) Entity ID, the Entity ID (issuer) as Issuer, HTTP-POST as Binding and SHA-256 as Signature Hash Algorithm. Save.',
          6: 'In the portal, open Services (/service-launch), launch the Zoom template with this connector under Connectors, and select Start on the service page.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Go to https://example.zoom.us and choose Sign in with SSO. After the password and the V-Key approval, Zoom opens, signed in as you.',
        },
      },
    },
  },
  awsSaml2: {
    lead: 'Let your users open the AWS Management Console through %{productName}, taking an IAM role that you choose.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'An AWS account (for example 111122223333) and an IAM user or role allowed to create identity providers and roles.',
          2: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Connectors > SAML2.0 (/saml2), select Create and choose Amazon Web Services in Start from: it fills in the Entity ID urn:amazon:webservices, the Assertion consumer service URL https://signin.aws.amazon.com/saml, a Persistent NameID and the attribute https://aws.amazon.com/SAML/Attributes/RoleSessionName from the Email.',
          2: 'Enter a URL suffix (for example aws) and save. On the Gateway tab, select Download metadata.',
          3: 'In the AWS IAM console, open Identity providers, add a SAML provider named Gateway and upload the metadata XML.',
          4: 'Create an IAM role for SAML 2.0 federation that trusts the Gateway provider, allows AWS Management Console access and carries the permissions your users need, for example GatewayAdmins.',
          5: 'Edit the connector and, under Created attributes, add the Attribute name https://aws.amazon.com/SAML/Attributes/Role with the Value arn:aws:iam::111122223333:role/GatewayAdmins,arn:aws:iam::111122223333:saml-provider/Gateway. Save.',
          6: 'Open Services (/service-launch), launch the AWS template with this connector under Connectors, and select Start on the service page.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'AWS sign-ins start at the identity provider: sign in to AWS through %{productName} as a test user. After the password and the V-Key approval, the AWS console opens with the GatewayAdmins role shown in the account menu.',
        },
      },
    },
  },
  wordpressSaml2: {
    lead: 'Add single sign-on through %{productName} to a WordPress site such as https://www.example.com, using a SAML2.0 plugin.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A WordPress administrator account, and a SAML 2.0 single sign-on plugin installed from the WordPress plugin directory.',
          2: 'The site served over HTTPS.',
          3: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In WordPress, open the SAML plugin settings and note the service provider Entity ID and ACS URL it shows.',
          2: 'In the portal, open Connectors > SAML2.0 (/saml2), select Create and choose WordPress in Start from: the NameID is the Email, and user_login, user_email and display_name are sent as attributes.',
          3: 'Enter a URL suffix (for example wordpress) and the plugin’s Entity ID and ACS URL as Entity ID and Assertion consumer service URL, and save.',
          4: 'On the Gateway tab, note the Entity ID (issuer) and the Single sign-on URL, and select Download metadata.',
          5: 'In the plugin settings, load the metadata, or enter the identity provider Entity ID, single sign-on URL and certificate. Map the attributes user_login, user_email and display_name to the WordPress username, email and display name.',
          6: 'Choose whether the plugin may create missing WordPress users, and save.',
          7: 'In the portal, open Services (/service-launch), launch the WordPress template with this connector under Connectors, and select Start on the service page.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://www.example.com/wp-login.php in a private window and choose the single sign-on button. After the password and the V-Key approval, you are signed in to WordPress.',
        },
      },
    },
  },
  assemblaSaml2: {
    lead: 'Let the members of your Assembla portfolio sign in through %{productName} with their directory password and a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'An Assembla plan with SAML single sign-on, and the owner role on the portfolio.',
          2: 'Users whose email address in your directory matches their Assembla email, and who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In Assembla, open the portfolio administration, then the single sign-on (SAML) settings, and note the Entity ID and ACS URL.',
          2: 'In the portal, open Connectors > SAML2.0 (/saml2), select Create and choose Assembla in Start from: the NameID is the Email, in the Email address format.',
          3: 'Enter a URL suffix (for example assembla) and the Assembla Entity ID and ACS URL as Entity ID and Assertion consumer service URL, and save.',
          4: 'On the Gateway tab, note the Entity ID (issuer) and the Single sign-on URL, and select Download metadata for the certificate.',
          5: 'Back in Assembla, enter the single sign-on URL, the issuer and the certificate, and save.',
          6: 'Open Services (/service-launch), launch the Assembla template with this connector under Connectors, and select Start on the service page.',
          7: 'Enable single sign-on for the portfolio once a test user has signed in.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Sign in to Assembla with single sign-on as the test user: after the password and the V-Key approval, your Assembla spaces open.',
        },
      },
    },
  },
  salesforceOidc: {
    lead: 'Add %{productName} as an OpenID Connect authentication provider to your Salesforce org (for example https://example.my.salesforce.com).',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A Salesforce administrator, and My Domain deployed for your org.',
          2: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Connectors > OIDC (/oidc) and select Create. Enter the Client name Salesforce and, under Redirect URLs, https://example.my.salesforce.com/services/authcallback/Gateway (Gateway is the URL Suffix you will give the provider in Salesforce). Save.',
          2: "On the client's page, copy the Client ID, select Show client secret and copy the secret, and note the Issuer, Authorization endpoint, Token endpoint and UserInfo endpoint under Endpoints.",
          3: 'In Salesforce Setup, open Auth. Providers, select New and choose OpenID Connect as Provider Type. Enter Gateway as Name and as URL Suffix.',
          4: 'Enter the Client ID as Consumer Key, the client secret as Consumer Secret, the Authorization endpoint as Authorize Endpoint URL, the Token endpoint as Token Endpoint URL, the UserInfo endpoint as User Info Endpoint URL, the Issuer as Token Issuer, and openid email profile as Default Scopes. Let Salesforce create a registration handler, and save.',
          5: "Check that the Callback URL Salesforce shows is the one under the client's Redirect URLs; if not, edit the client.",
          6: 'In Setup, open My Domain, edit the Authentication Configuration and select Gateway as an authentication service.',
          7: 'In the portal, open Services (/service-launch), launch the Salesforce template with this client under Connectors, and select Start on the service page.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://example.my.salesforce.com in a private window and choose Gateway. After the password and the V-Key approval, Salesforce opens, signed in as the matching user.',
        },
      },
    },
  },
  wordpressOidc: {
    lead: 'Add single sign-on through %{productName} to a WordPress site such as https://www.example.com, using an OpenID Connect client plugin.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A WordPress administrator account, and an OpenID Connect client plugin installed from the WordPress plugin directory, such as OpenID Connect Generic Client.',
          2: 'The site served over HTTPS.',
          3: 'A directory under Directories (/ldap), and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In WordPress, open the OpenID Connect plugin settings and copy the redirect URI it shows, for example https://www.example.com/wp-admin/admin-ajax.php?action=openid-connect-authorize.',
          2: 'In the portal, open Connectors > OIDC (/oidc) and select Create. Enter the Client name WordPress, paste the redirect URI under Redirect URLs, and save.',
          3: "On the client's page, copy the Client ID, select Show client secret and copy the secret, and note the Authorization endpoint, Token endpoint and UserInfo endpoint under Endpoints.",
          4: 'In the plugin settings, enter the Client ID, the client secret, the scope openid email profile, and the Authorization endpoint (login endpoint), Token endpoint and UserInfo endpoint URLs.',
          5: 'Match users by email, choose whether to create missing WordPress users, and save.',
          6: 'In the portal, open Services (/service-launch), launch the WordPress (OIDC) template with this client under Connectors, and select Start on the service page.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://www.example.com/wp-login.php in a private window and choose the single sign-on button. After the password and the V-Key approval, you are signed in to WordPress.',
        },
      },
    },
  },
  termsOfUse: {
    lead: 'These are the default terms of use supplied with %{productName}. The operator of this service should replace them with its own terms; until then they describe the service in plain language only.',
    sections: {
      notice: {
        heading: 'About this text',
        paragraphs: {
          1: 'This is a default text, not legal advice. The company that runs %{productName} for you is responsible for its own terms of use, and its terms apply when they differ from this page.',
        },
      },
      service: {
        heading: 'The service',
        paragraphs: {
          1: '%{productName} adds two-factor authentication and single sign-on to VPNs and applications. It is provided as described in your subscription, and features may change over time. Signing up for an account means agreeing to these terms and to the privacy policy.',
        },
      },
      accounts: {
        heading: 'Your account',
        items: {
          1: 'Keep your password and your activated phone to yourself; you are responsible for what is done with your account.',
          2: 'Tell your administrator at once if your phone is lost or you think someone knows your password.',
          3: 'Administrators are responsible for the users, connectors and services they set up.',
        },
      },
      use: {
        heading: 'Acceptable use',
        items: {
          1: 'Do not try to get around the authentication, test it without permission, or overload the service.',
          2: 'Do not use the service to break the law or the rights of others.',
        },
      },
      availability: {
        heading: 'Availability and liability',
        paragraphs: {
          1: 'The operator works to keep the service available but cannot promise it will never be interrupted. Keep a way to reach your systems in an emergency, such as an administrator account that does not depend on %{productName}.',
        },
      },
      changes: {
        heading: 'Changes and contact',
        paragraphs: {
          1: 'The operator may update these terms and will show the new version on this page. For questions, write to the operator through the contact form at /contact-us.',
        },
      },
    },
  },
  privacyPolicy: {
    lead: 'This is the default privacy policy supplied with %{productName}. The operator of this service should replace it with its own policy; until then it explains in plain language which data the service handles and why.',
    sections: {
      notice: {
        heading: 'About this text',
        paragraphs: {
          1: 'This is a default text, not legal advice. The company that runs %{productName} for you decides how your data is processed, and its own privacy policy applies when it differs from this page.',
        },
      },
      data: {
        heading: 'What data the service handles',
        items: {
          1: 'Account data: name, email address, recovery email address, phone number, company and the roles of administrators.',
          2: 'Directory data needed to sign users in: username, email address, display name and mobile phone; passwords are checked against your directory.',
          3: 'Sign-in records: time, service, result and the device that approved, kept for troubleshooting and security.',
          4: 'App activation data: the activation codes and status of each user, and the devices that activated the V-Key app.',
          5: 'Billing data for subscriptions; card details are handled by the card payment provider.',
          6: 'Messages sent through the contact form: name, email address, optional company and phone, and the message.',
        },
      },
      why: {
        heading: 'Why',
        paragraphs: {
          1: 'To sign users in securely, to show administrators what happened (audit log and troubleshooting logs), to bill subscriptions, to answer your messages and to keep the service running. The data is not sold or used for advertising.',
        },
      },
      sharing: {
        heading: 'Who sees it',
        paragraphs: {
          1: "Your organisation's administrators, the operator's support staff when you ask for help, and service providers that host or bill the service for the operator.",
        },
      },
      rights: {
        heading: 'Your choices and rights',
        paragraphs: {
          1: 'You can ask the operator, through your administrator or the contact form, to see, correct or delete your data. Some records may be kept for a limited time where security or the law requires it.',
        },
      },
    },
  },
} satisfies Record<DocPageId, DocPageBody>;

type Names = typeof docsShell.pages;
type Bodies = typeof bodies;

/** The whole documentation: the frame, and every page with its names and its body. */
export const docs = {
  ...docsShell,
  pages: Object.fromEntries(
    Object.entries(docsShell.pages).map(([id, names]) => [id, { ...names, ...bodies[id as DocPageId] }]),
  ) as unknown as { [Id in DocPageId]: Names[Id] & Bodies[Id] },
};
