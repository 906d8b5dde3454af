// The city of a region
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.inputs.GetRegionArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var frankfurt = HostingFunctions.getRegion(GetRegionArgs.builder()
            .id("fra")
            .build());

        ctx.export("city", frankfurt.applyValue(result -> result.city()));
    }
}
