# The balance of the API key's account
import pulumi
import pulumi_hosting as hosting

account = hosting.get_account_output()

pulumi.export("balance", account.balance)
