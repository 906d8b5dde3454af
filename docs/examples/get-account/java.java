// The balance of the API key's account
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var account = HostingFunctions.getAccount();

        ctx.export("balance", account.applyValue(result -> result.balance()));
    }
}
