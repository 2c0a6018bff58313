/** What the gateway says to the people signing in through it (a VPN's Reply-Message): written once, in contract/gatewayTexts.ts, which the server sends from. */
export { gateway } from '../../../contract/gatewayTexts';
