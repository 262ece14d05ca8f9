/**
 * The subscriptions feature's public surface for other features (CONVENTIONS §2): what a
 * dashboard shows of a pinned subscription.
 */
export { subscriptionQueryNameOptions } from './api/get-subscription';
export { SubscriptionWidget } from './components/subscription-widget';
